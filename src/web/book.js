// Fetching the opening book: one reader for every place that downloads it (the computer's
// worker, `Solver.load` in browsers and in Node). It stops as soon as more bytes come than
// any book has, and when nothing arrives for `stallMs`: a wrong address that streams without
// end, or a server that never answers, is refused, not waited on. wasm-bindgen ships this
// file beside the solver's glue (a snippet), which also exports it as `__fetchBook`.

/**
 * The bytes at `url`, at most `maxBytes` of them. `onProgress(loaded, total)` hears how far
 * the download got (`total` is null when the server does not say). Rejects, naming `url`,
 * on an HTTP error, a stall of `stallMs`, or a file larger than `maxBytes`.
 */
export async function fetchBook(url, maxBytes, stallMs, onProgress) {
  const abort = new AbortController();
  let timer;
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => abort.abort(new Error(`it stopped arriving (nothing for ${stallMs / 1000} s)`)), stallMs);
  };
  const tooBig = () => new Error(`it is larger than an opening book can be (${maxBytes} bytes): is it the right file?`);
  alive();
  try {
    const response = await fetch(url, { signal: abort.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const header = Number(response.headers.get("content-length"));
    // A compressed response's length is its compressed size: no total to show then.
    const total = header > 0 && !response.headers.get("content-encoding") ? header : null;
    if (total !== null && total > maxBytes) throw tooBig();
    const chunks = [];
    let loaded = 0;
    let told = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      alive();
      chunks.push(value);
      loaded += value.length;
      if (loaded > maxBytes) {
        reader.cancel().catch(() => {});
        throw tooBig();
      }
      const now = Date.now();
      if (onProgress && now - told > 250) {
        told = now;
        onProgress(loaded, total);
      }
    }
    const bytes = new Uint8Array(loaded);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return bytes;
  } catch (e) {
    const why = abort.signal.aborted ? abort.signal.reason : e;
    throw new Error(`could not load the opening book from ${url}: ${why?.message ?? why}`, { cause: e });
  } finally {
    clearTimeout(timer);
  }
}
