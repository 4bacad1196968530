import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ANSWER_LIMITS, OPINION_DECISIONS, type AnswerItem, type OpinionDecision } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useAnswerStep } from '../api/answer-steps';
import '../answers-texts';

/** Keeping or reopening leaves the opinion open for another round: the units must read why. */
const needsRemark = (decision: OpinionDecision) => decision !== 'CLOSE';

/**
 * The reviewer's decision on a carried opinion, offered only when the server's `can.decide` says
 * so: close or keep an open one, reopen a closed one, and take back this round's decision while
 * its report is not forwarded. Each asks for the remark in a small form first.
 */
export function DecisionControls({ target, item }: { target: ProjectTarget; item: AnswerItem }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const step = useAnswerStep(target);
  const [deciding, setDeciding] = useState<OpinionDecision | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<{ remark: string }>();
  if (!item.can.decide) return null;
  const name = (d: OpinionDecision) => OPINION_DECISIONS[d][currentLocale()];
  const choices: OpinionDecision[] = item.state === 'OPEN' ? ['CLOSE', 'KEEP'] : ['REOPEN'];
  const pending = item.decision && !item.decision.issued ? item.decision : null;

  const open = (decision: OpinionDecision) => {
    setFailure(null);
    form.setFieldsValue({ remark: pending?.decision === decision ? pending.remark : '' });
    setDeciding(decision);
  };
  const decide = async () => {
    if (!deciding) return;
    const { remark } = await form.validateFields();
    try {
      await step.mutateAsync({
        step: 'decide',
        id: item.opinionId,
        body: { decision: deciding, remark: remark ?? '' },
      });
      void message.success(t('answers.decided', { decision: name(deciding) }));
      setDeciding(null);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  const withdraw = async () => {
    try {
      await step.mutateAsync({ step: 'withdraw', id: item.opinionId });
      void message.success(t('answers.withdrawn'));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Space wrap data-testid="answer-decide">
      {choices.map((d) => (
        <Button
          key={d}
          type={d === 'CLOSE' ? 'primary' : 'default'}
          danger={d === 'REOPEN'}
          onClick={() => open(d)}
          data-testid={`answer-decide-${d}`}
        >
          {name(d)}
        </Button>
      ))}
      {pending && (
        <Popconfirm
          title={t('answers.withdrawConfirm')}
          okText={t('answers.withdraw')}
          cancelText={t('answers.cancel')}
          onConfirm={() => withdraw()}
        >
          <Button loading={step.isPending} data-testid="answer-decision-withdraw">
            {t('answers.withdraw')}
          </Button>
        </Popconfirm>
      )}
      <Modal
        open={deciding !== null}
        title={
          deciding &&
          t('answers.decideTitle', { decision: name(deciding), round: item.round, number: item.number })
        }
        okText={deciding ? name(deciding) : undefined}
        cancelText={t('answers.cancel')}
        okButtonProps={{ loading: step.isPending, 'data-testid': 'answer-decide-save' }}
        onOk={() => void decide()}
        onCancel={() => setDeciding(null)}
        forceRender
      >
        {failure && (
          <Alert
            type="error"
            showIcon
            title={failure}
            style={{ marginBottom: 16 }}
            data-testid="decision-error"
          />
        )}
        {/* Named per opinion: a mission lists several, each with its dialog rendered, and the
            field ids (which the label points at) must not repeat. */}
        <Form form={form} layout="vertical" name={`decision-${item.opinionId}`}>
          <Form.Item
            name="remark"
            label={deciding && needsRemark(deciding) ? t('answers.remark') : t('answers.remarkOptional')}
            rules={[
              {
                required: !!deciding && needsRemark(deciding),
                whitespace: true,
                message: t('answers.remarkRequired'),
              },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={ANSWER_LIMITS.remarkMax}
              showCount
              data-testid="answer-decision-remark"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
