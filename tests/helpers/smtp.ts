import { SMTPServer } from "smtp-server";

/** One message as a real SMTP server received it: the envelope, and the decoded headers and bodies. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string | null;
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for MAIL_URL. */
  url: string;
  received: ReceivedMail[];
  /** While set, every recipient is refused with this permanent SMTP error (550). */
  refuseWith: string | null;
  close(): Promise<void>;
}

/**
 * A local SMTP server (the `smtp-server` package) that keeps what it receives. STARTTLS is disabled
 * (the package's bundled certificate has expired) and authentication is optional, like a relay on a
 * private network.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: "",
    received: [],
    refuseWith: null,
    close: async () => {},
  };
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuseWith) {
        const error = Object.assign(new Error(state.refuseWith), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parseMessage(raw);
        state.received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parsed,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("SMTP test server has no port");
  state.url = `smtp://127.0.0.1:${address.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

// --- a small MIME reader: enough for what nodemailer writes (multipart/alternative, QP, base64) ------

function splitHead(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at === -1 ? part : part.slice(0, at);
  const body = at === -1 ? "" : part.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? "7bit").toLowerCase();
  if (kind === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (kind === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

/** =?UTF-8?Q?...?= and =?UTF-8?B?...?= encoded words, as in a non-ASCII subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function parseMessage(raw: string): {
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string | null;
} {
  const { headers, body } = splitHead(raw);
  let text = "";
  let html: string | null = null;
  const visit = (partHeaders: Record<string, string>, partBody: string) => {
    const type = partHeaders["content-type"] ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const pieces = partBody.split(`--${boundary}`).slice(1);
      for (const piece of pieces) {
        if (piece.startsWith("--")) break;
        // The line break before a boundary belongs to the boundary, not to the part.
        const sub = splitHead(piece.replace(/^\r?\n/, "").replace(/\r?\n$/, ""));
        visit(sub.headers, sub.body);
      }
      return;
    }
    const decoded = decodeBody(partBody, partHeaders["content-transfer-encoding"]);
    if (/^text\/html/i.test(type)) html = decoded;
    else if (/^text\/plain/i.test(type)) text = decoded;
  };
  visit(headers, body);
  return { headers, subject: decodeWords(headers.subject ?? ""), text: text.replace(/\r\n/g, "\n"), html };
}
