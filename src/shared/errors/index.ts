export {
  ERROR_CODES,
  errorStatus,
  isErrorCode,
  wordError,
  type Blank,
  type ErrorCode,
  type ErrorParams,
  type ErrorStatus,
  type ErrorTexts,
  type UnreadableReason,
} from './codes.js';
