import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { connectionMessage } from '../api/connection-message';
import { currentMessages } from '../i18n';

/**
 * Toasts without react-toastify in the first page load: the library comes with the first message,
 * which is shown once the container is on the page (a message sent before would be lost).
 */
const library = () => import('./toast-library');
let containerMounted!: () => void;
const containerReady = new Promise<void>((resolve) => (containerMounted = resolve));

let wanted = false;
const listeners = new Set<() => void>();

function show(kind: 'success' | 'error' | 'info', message: string) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  void Promise.all([library(), containerReady]).then(([{ toast }]) => toast[kind](message));
}

/** Says what went wrong: the server's answers are worded by code loaded for the first of them. */
function failure(error: unknown) {
  const common = currentMessages().common;
  const connection = connectionMessage(error, common);
  if (connection !== undefined) return show('error', connection);
  import('../api/error-message').then(
    ({ errorMessage }) => show('error', errorMessage(error)),
    () => show('error', common.networkError),
  );
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  /** A failed request, in the shopper's words (docs/errors.md). */
  failure,
  info: (message: string) => show('info', message),
};

const Container = lazy(async () => {
  const { ToastContainer } = await library();
  return {
    default: function ReadyContainer() {
      // Runs after the library's own container has registered itself.
      useEffect(() => containerMounted(), []);
      return <ToastContainer position="top-right" autoClose={5000} />;
    },
  };
});

/** Where toasts appear; rendered once something has been said. */
export function Toasts() {
  const shown = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  );
}
