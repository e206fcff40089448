// Reading the opening book: one reader for every place that gets it (the computer's worker,
// `Solver.load` in browsers and in Node, from the network or from a file). It stops as soon
// as more bytes come than any book has, and a download stops when nothing arrives for
// `stallMs`: a wrong address that streams without end, a device that never ends, or a server
// that never answers is refused, not waited on. wasm-bindgen ships this file beside the
// solver's glue (a snippet), which exports both readers with the solver's own limits
// (`__fetchBook`, `__gatherBook`).

/** Why a book is refused for its size. */
const tooBig = (maxBytes) => new Error(`it is larger than an opening book can be (${maxBytes} bytes): is it the right file?`);

/**
 * The bytes `next()` gives, a chunk at a time until it gives `null`, at most `maxBytes` of
 * them; `onChunk(loaded)` hears each chunk's arrival. Rejects past `maxBytes`.
 */
export async function gather(next, maxBytes, onChunk) {
  const chunks = [];
  let loaded = 0;
  for (let chunk = await next(); chunk !== null; chunk = await next()) {
    loaded += chunk.length;
    if (loaded > maxBytes) throw tooBig(maxBytes);
    chunks.push(chunk);
    onChunk?.(loaded);
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

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
  alive();
  let reader = null;
  try {
    const response = await fetch(url, { signal: abort.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const header = Number(response.headers.get("content-length"));
    // A compressed response's length is its compressed size: no total to show then.
    const total = header > 0 && !response.headers.get("content-encoding") ? header : null;
    // Refused before a byte of the body is read.
    if (total !== null && total > maxBytes) throw tooBig(maxBytes);
    reader = response.body.getReader();
    let told = 0;
    return await gather(async () => (await reader.read()).value ?? null, maxBytes, (loaded) => {
      alive();
      const now = Date.now();
      if (onProgress && now - told > 250) {
        told = now;
        onProgress(loaded, total);
      }
    });
  } catch (e) {
    reader?.cancel().catch(() => {});
    const why = abort.signal.aborted ? abort.signal.reason : e;
    throw new Error(`could not load the opening book from ${url}: ${why?.message ?? why}`, { cause: e });
  } finally {
    clearTimeout(timer);
  }
}
