import type { BranchList } from '../../../shared/orders.js';
import { cityKey, demoBranches } from './demo-branches.js';
import { fetchBranches, type NovaPoshtaSettings } from './nova-poshta-client.js';

const HOUR_MS = 60 * 60 * 1000;
const MAX_CACHED_CITIES = 1000;

/**
 * Branch lookup: Nova Poshta when a key is set, else the offline demo directory. Answers are kept
 * per city for an hour, and shoppers asking for the same city at once share one request.
 * Failures are not cached: the next try asks again.
 */
export class BranchDirectory {
  private readonly cache = new Map<string, { expiresAt: number; answer: Promise<BranchList> }>();

  constructor(
    private readonly settings: { apiUrl: string; apiKey: string | undefined },
    private readonly ttlMs = HOUR_MS,
  ) {}

  get isDemo(): boolean {
    return !this.settings.apiKey;
  }

  find(city: string): Promise<BranchList> {
    if (this.isDemo) return Promise.resolve({ branches: demoBranches(city), demo: true });
    const key = cityKey(city);
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) return cached.answer;

    const answer = fetchBranches(this.settings as NovaPoshtaSettings, city.trim()).then((branches) => ({ branches, demo: false }));
    this.cache.delete(key);
    this.cache.set(key, { expiresAt: now + this.ttlMs, answer });
    answer.catch(() => {
      if (this.cache.get(key)?.answer === answer) this.cache.delete(key);
    });
    // A Map keeps insertion order: the first key is the oldest.
    if (this.cache.size > MAX_CACHED_CITIES) this.cache.delete(this.cache.keys().next().value!);
    return answer;
  }
}
