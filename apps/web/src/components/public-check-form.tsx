import type { ReactNode } from 'react';
import { Button, Card, Form, Input } from 'antd';

export interface CheckQuery {
  no: string;
  c: string;
}

/**
 * The page of a public check an issued document's QR code opens (an opinion report, the
 * certificate): a number and the printed check code, both needed so numbers cannot be tried one by
 * one, and the answer below. The texts are the document's own.
 */
export function PublicCheckForm({
  title,
  initial,
  onCheck,
  texts,
  children,
}: {
  title: string;
  initial: CheckQuery;
  onCheck: (query: CheckQuery) => void;
  texts: { no: string; code: string; submit: string; noRequired: string; codeRequired: string };
  children: ReactNode;
}) {
  return (
    <main style={{ maxWidth: 760, margin: '32px auto', padding: '0 16px' }}>
      <Card title={<h1 style={{ font: 'inherit', margin: 0 }}>{title}</h1>}>
        <Form
          layout="inline"
          initialValues={initial}
          onFinish={(values: CheckQuery) => onCheck({ no: values.no.trim(), c: values.c.trim() })}
          style={{ marginBottom: 24, rowGap: 8 }}
        >
          <Form.Item name="no" label={texts.no} rules={[{ required: true, message: texts.noRequired }]}>
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="c" label={texts.code} rules={[{ required: true, message: texts.codeRequired }]}>
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {texts.submit}
            </Button>
          </Form.Item>
        </Form>
        {children}
      </Card>
    </main>
  );
}
