// Exists because Docusaurus 3.10 shows nothing when a script chunk fails before the page hydrates: this shows the error and a Retry button.
import './chunkLoadRetry.css';

/** A failed dynamic import of a JS or CSS chunk, as the bundler's runtime reports it. */
function isChunkLoadError(reason: unknown): reason is Error {
  if (!(reason instanceof Error)) return false;
  const code = (reason as Error & { code?: unknown }).code;
  return reason.name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED';
}

function showChunkLoadError(error: Error): void {
  if (document.getElementById('chunk-load-error')) return;
  const alert = document.createElement('div');
  alert.id = 'chunk-load-error';
  alert.setAttribute('role', 'alert');
  alert.className = 'alert alert--danger chunk-load-error';

  const message = document.createElement('p');
  // The bundler appends the chunk's URL on a second line; the first line is the readable part.
  message.textContent = `Part of this page did not load, so it cannot respond yet. ${error.message.split('\n')[0] ?? ''}`;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button button--secondary';
  retry.textContent = 'Retry';
  // The framework renders only after every chunk of the route loaded; loading the page again is the way back.
  retry.addEventListener('click', () => window.location.reload());

  alert.append(message, retry);
  document.body.prepend(alert);
  retry.focus();
}

if (typeof window !== 'undefined') {
  window.addEventListener('unhandledrejection', (event) => {
    // After hydration a failed navigation reloads the page by itself, and a failed hover preload is harmless.
    const hydrated = document.documentElement.getAttribute('data-has-hydrated') === 'true';
    if (!hydrated && isChunkLoadError(event.reason)) showChunkLoadError(event.reason);
  });
}

export {};
