import { z } from 'zod';
import { upstreamFetch } from '../../observability/upstream.js';

/**
 * Telegram Bot API sendMessage (https://core.telegram.org/bots/api#sendmessage): POST
 * {apiUrl}/bot{token}/sendMessage with { chat_id, text }; the answer is { ok, result } or
 * { ok: false, error_code, description, parameters?: { retry_after } }.
 */
const TIMEOUT_MS = 10_000;

const AnswerSchema = z.object({
  ok: z.boolean(),
  description: z.string().optional(),
  error_code: z.number().optional(),
});

export interface TelegramSettings {
  apiUrl: string;
  botToken: string;
}

export async function sendTelegramMessage(settings: TelegramSettings, chatId: string, text: string): Promise<void> {
  const response = await upstreamFetch('telegram', `${settings.apiUrl}/bot${settings.botToken}/sendMessage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chat_id: chatId, text, link_preview_options: { is_disabled: true } }),
    timeoutMs: TIMEOUT_MS,
  });
  const answer = AnswerSchema.safeParse(await response.json().catch(() => null));
  if (!answer.success) throw new Error(`Telegram answered HTTP ${response.status} without its JSON`);
  // The token is part of the URL: never put the URL into an error message.
  if (!answer.data.ok) throw new Error(`Telegram refused: ${answer.data.error_code ?? response.status} ${answer.data.description ?? ''}`.trim());
}
