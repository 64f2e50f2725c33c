import { createServer } from 'node:http';
import { listenLocally } from './listen.js';

/**
 * A local Telegram Bot API: `POST /bot{token}/sendMessage` with JSON `{ chat_id, text }`, answered
 * as Telegram does ({ ok: true, result: Message } or { ok: false, error_code, description }).
 */
export interface FakeTelegram {
  url: string;
  token: string;
  messages: { chat_id: string | number; text: string }[];
  /** 'down' answers 502 with HTML; 'flood' a 429 with retry_after, as Telegram limits bots. */
  mode: 'ok' | 'down' | 'flood';
  close(): Promise<void>;
}

export async function startFakeTelegram(token = '123456:TEST-token_abc'): Promise<FakeTelegram> {
  const fake: FakeTelegram = { url: '', token, messages: [], mode: 'ok', close: async () => {} };
  let messageId = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== `/bot${fake.token}/sendMessage`) {
      return send(404, { ok: false, error_code: 404, description: 'Not Found' });
    }
    if (fake.mode === 'down') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html><body>Bad Gateway</body></html>');
    }
    if (fake.mode === 'flood')
      return send(429, { ok: false, error_code: 429, description: 'Too Many Requests: retry after 5', parameters: { retry_after: 5 } });
    let body: { chat_id?: string | number; text?: string };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
    }
    if (!body.chat_id || !body.text) return send(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
    fake.messages.push({ chat_id: body.chat_id, text: body.text });
    return send(200, {
      ok: true,
      result: { message_id: ++messageId, date: Math.floor(Date.now() / 1000), chat: { id: Number(body.chat_id), type: 'private' }, text: body.text },
    });
  });
  const { origin, close } = await listenLocally(server);
  fake.url = origin;
  fake.close = close;
  return fake;
}
