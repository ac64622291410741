// Electron's net.request (lib/browser/api/net-client-request.ts over Chromium's network stack) as
// the stand-in's ClientRequest, over Node's fetch, as strict as the real one where it differs:
// - a failure is an 'error' event with Error("net::ERR_…"): Chromium's name, no `cause` or `code`;
// - a redirect emits 'redirect' (status, method, URL, the headers as arrays) in every mode; in
//   'manual' mode the request dies with "Redirect was cancelled" unless the listener calls
//   followRedirect() or abort() while the event runs; in 'error' mode it dies at once;
// - abort() emits 'abort' and 'close', never 'error' (on a response under way: 'aborted'); the
//   response is an IncomingMessage: a Readable with statusCode, statusMessage and headers (lower-
//   case names, set-cookie an array), destroyed with the net:: error when its body is cut short.
//
// Headers are checked as Electron checks them (lib/common/api/net-client-request.ts validateHeader,
// over Chromium's net::HttpUtil::IsValidHeaderName/IsValidHeaderValue): a missing (null or
// undefined) value, a bad name or a bad value throws at once, with the value in the sentence;
// setHeader after the first write or after end() throws (`_firstWrite`, `_started`). The headers
// docs/api/client-request.md says apps may not set (Chromium's header_util.cc: Content-Length,
// Host, Trailer, Te, Upgrade, Cookie2, Keep-Alive, Transfer-Encoding, and Connection: upgrade) are
// refused by Chromium's URL loader, the request dying with net::ERR_INVALID_ARGUMENT
// (electron/electron#21091).
import { EventEmitter } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { chromiumName, logRequest, nodeFetch } from './net-fetch.mjs';

/** RFC 9110's token: what net::HttpUtil::IsValidHeaderName accepts. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** docs/api/client-request.md "request.setHeader": the headers an app may not set. */
const RESTRICTED = new Set(['content-length', 'host', 'trailer', 'te', 'upgrade', 'cookie2', 'keep-alive', 'transfer-encoding']);
const restricted = (name, value) => RESTRICTED.has(name.toLowerCase()) || (name.toLowerCase() === 'connection' && String(value).toLowerCase() === 'upgrade');

function validateHeader(name, value) {
  if (typeof name !== 'string') throw new TypeError('`name` should be a string in setHeader(name, value)');
  if (value === undefined || value === null) throw new Error('`value` required in setHeader("' + name + '", value)');
  if (!TOKEN.test(name)) throw new Error(`Invalid header name: '${name}'`);
  if (/[\0\r\n]/.test(String(value))) throw new Error(`Invalid value for header '${name}': '${value}'`);
}

class ClientRequest extends EventEmitter {
  #url;
  #method;
  #redirect;
  #headers;
  #chunks = [];
  #aborted = false;
  #ended = false;
  #firstWrite = false;
  #waitingForRedirect = false;
  #followed = false;
  #controller = new AbortController();

  constructor(options) {
    super();
    const { url, method = 'GET', redirect = 'follow', headers = {} } = typeof options === 'string' ? { url: options } : options;
    this.#url = url;
    this.#method = method.toUpperCase();
    this.#redirect = redirect;
    for (const [name, value] of Object.entries(headers)) validateHeader(name, value);
    this.#headers = { ...headers };
  }

  setHeader(name, value) {
    if (this.#ended || this.#firstWrite) throw new Error("Can't set headers after they are sent");
    validateHeader(name, value);
    this.#headers[name] = value;
  }

  write(chunk) {
    if (this.#ended) throw new Error('Write after end');
    this.#firstWrite = true;
    this.#chunks.push(Buffer.from(chunk));
    return true;
  }

  end(chunk) {
    if (chunk !== undefined && chunk !== null) this.write(chunk);
    this.#ended = true;
    void this.#send();
    return this;
  }

  followRedirect() {
    if (!this.#waitingForRedirect) throw new Error('followRedirect() called, but was not waiting for a redirect');
    this.#followed = true;
  }

  abort() {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#controller.abort();
    this.emit('abort');
    this.emit('close');
  }

  #die(error) {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#controller.abort();
    this.emit('error', error);
    this.emit('close');
  }

  async #send() {
    await Promise.resolve(); // the loader starts after end() returns: 'error' listeners are on by then
    if (Object.entries(this.#headers).some(([name, value]) => restricted(name, value))) return this.#die(new Error('net::ERR_INVALID_ARGUMENT'));
    let url = this.#url;
    let method = this.#method;
    let body = this.#chunks.length > 0 ? Buffer.concat(this.#chunks) : undefined;
    for (;;) {
      logRequest(method, url);
      let res;
      try {
        res = await nodeFetch(url, { method, headers: this.#headers, body, redirect: 'manual', signal: this.#controller.signal });
      } catch (err) {
        if (!this.#aborted) this.#die(new Error(`net::${chromiumName(err)}`));
        return;
      }
      if (this.#aborted) return void (await res.body?.cancel());
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || location === null) return this.#respond(res);
      await res.body?.cancel();
      if (this.#redirect === 'error') return this.#die(new Error("Attempted to redirect, but redirect policy was 'error'"));
      // Chromium's rule: 303, and 301/302 after a POST, go on as a GET without the body.
      const next = res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST') ? 'GET' : method;
      const target = new URL(location, url).href;
      const headers = {};
      for (const [name, value] of res.headers) headers[name] = name === 'set-cookie' ? res.headers.getSetCookie() : [value];
      this.#followed = this.#redirect === 'follow';
      this.#waitingForRedirect = true;
      try {
        this.emit('redirect', res.status, next, target, headers);
      } finally {
        this.#waitingForRedirect = false;
      }
      if (this.#aborted) return;
      if (!this.#followed) return this.#die(new Error('Redirect was cancelled'));
      if (next !== method) body = undefined;
      [url, method] = [target, next];
    }
  }

  #respond(res) {
    const response = new PassThrough();
    response.statusCode = res.status;
    response.statusMessage = res.statusText;
    response.headers = {};
    for (const [name, value] of res.headers) response.headers[name] = name === 'set-cookie' ? res.headers.getSetCookie() : value;
    if (res.body) {
      const source = Readable.fromWeb(res.body);
      // A body cut short: the response is destroyed with Chromium's error and the request dies with
      // it; an abort instead emits 'aborted' on the response and no error.
      source.on('error', (err) => {
        if (this.#aborted) {
          response.emit('aborted');
          response.destroy();
          return;
        }
        const error = new Error(`net::${chromiumName(err)}`);
        response.destroy(error);
        this.#die(error);
      });
      source.pipe(response);
    } else {
      response.end();
    }
    this.emit('response', response);
  }
}

export function netRequest(options) {
  return new ClientRequest(options);
}
