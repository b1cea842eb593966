import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { messageOf, postJson } from './api';

interface Credentials {
  username: string;
  password: string;
}

/** Username and password, posted to /server/login; the server's message is shown on failure. */
export function SignInCard({ onSignedIn }: { onSignedIn: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: Credentials) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await postJson<unknown>('/server/login', { username: values.username, password: values.password });
      if (answer.ok) onSignedIn();
      else setError(messageOf(answer));
    } catch (err) {
      setError(`The server cannot be reached: ${String(err)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Sign in" style={{ width: 360, maxWidth: '100%' }}>
      <Form<Credentials> layout="vertical" onFinish={submit} disabled={busy} requiredMark={false}>
        <Form.Item name="username" label="Username" rules={[{ required: true, message: 'Enter your username' }]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label="Password" rules={[{ required: true, message: 'Enter your password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={busy} block>
          Sign in
        </Button>
      </Form>
    </Card>
  );
}
