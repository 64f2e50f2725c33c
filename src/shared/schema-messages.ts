import { z } from 'zod';
import { msg } from './validation-messages.js';

/**
 * zod's own checks answer with a key too, never zod's English default: set once for every zod
 * schema in the process, on the server and in the browser alike. Kept apart from the texts
 * (validation-messages.ts), so that a page which only shows a message loads no zod.
 */
z.config({
  // zod probes for eval once to compile its parsers; in the browser the content policy refuses eval
  // and reports the probe as a violation. The server keeps the compiled, faster parsers.
  jitless: 'document' in globalThis,
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined ? msg('required') : msg('invalidType');
      case 'invalid_value':
        return msg('invalidValue');
      case 'invalid_format':
        return issue.format === 'email' ? msg('emailInvalid') : msg('invalidFormat');
      case 'too_small': {
        const min = Number(issue.minimum);
        if (issue.origin === 'string') return msg('minChars', { min });
        if (issue.origin === 'array' || issue.origin === 'set') return msg('minItems', { min });
        return msg('tooSmall', { min });
      }
      case 'too_big': {
        const max = Number(issue.maximum);
        if (issue.origin === 'string') return msg('maxChars', { max });
        if (issue.origin === 'array' || issue.origin === 'set') return msg('maxItems', { max });
        return msg('tooBig', { max });
      }
      case 'unrecognized_keys':
        return msg('unknownKeys', { keys: issue.keys.join(', ') });
      default:
        return msg('invalid');
    }
  },
});

/** Schema modules take `msg` from here, which guarantees the configuration above is in place. */
export { msg };
