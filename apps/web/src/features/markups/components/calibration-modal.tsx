import { useEffect } from 'react';
import { Form, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MEASURE_UNITS, type MarkupCalibration, type MeasureUnit } from '@drp/domain';
import { MM_PER_POINT, distanceOf, type Pt } from './markup-geometry';

/** The real distance between the two points just picked, which calibrates the page's measures. */
export function CalibrationModal({
  points,
  onOk,
  onCancel,
}: {
  points: Pt[] | null;
  onOk: (calibration: MarkupCalibration) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ distance: number; unit: MeasureUnit }>();
  const length = points ? distanceOf(points) : 0;
  useEffect(() => {
    if (points) form.resetFields();
  }, [points, form]);
  return (
    <Modal
      open={points !== null}
      title={t('markups.calibrateTitle')}
      okText={t('markups.ok')}
      cancelText={t('markups.cancel')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      forceRender
    >
      <Typography.Paragraph>
        {t('markups.calibrateHint', { paper: (length * MM_PER_POINT).toFixed(1) })}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        initialValues={{ unit: 'mm' }}
        onFinish={({ distance, unit }) =>
          onOk({ realPerPoint: distance / Math.max(length, 1e-6), unit, source: '2 points' })
        }
      >
        <Form.Item
          name="distance"
          label={t('markups.realDistance')}
          rules={[
            {
              required: true,
              type: 'number',
              min: Number.MIN_VALUE,
              message: t('markups.realDistanceRequired'),
            },
          ]}
        >
          <InputNumber autoFocus min={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="unit" label={t('markups.unit')}>
          <Select
            style={{ width: 90 }}
            options={MEASURE_UNITS.map((unit) => ({ value: unit, label: unit }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
