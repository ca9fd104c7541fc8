import { createHash, createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeS3Request {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  bodyLength: number;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
  cacheControl: string | undefined;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/**
 * A local S3-compatible server for one bucket, in path style (`/bucket/key`): PUT, HEAD, GET (with one
 * byte range, 206) and DELETE of objects, answering as S3 does (404 NoSuchKey in XML, 204 for a delete). Like S3, it checks each
 * request's AWS Signature Version 4 against the one secret key it knows, and the payload hash against the
 * body; a request S3 would refuse gets S3's 403 and is listed in `problems`.
 */
export class FakeS3 {
  readonly objects = new Map<string, StoredObject>();
  readonly requests: FakeS3Request[] = [];
  readonly problems: string[] = [];
  private server: http.Server | null = null;
  url = "";

  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;

  constructor(bucket: string, accessKeyId: string, secretAccessKey: string, region = "us-east-1") {
    this.bucket = bucket;
    this.accessKeyId = accessKeyId;
    this.secretAccessKey = secretAccessKey;
    this.region = region;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => this.handle(req, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private refuse(res: http.ServerResponse, status: number, code: string, problem?: string): void {
    if (problem) this.problems.push(problem);
    res.writeHead(status, { "content-type": "application/xml" });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  }

  /** The problem with the request's signature, or null when S3 would accept it. */
  private signatureProblem(req: http.IncomingMessage, rawPath: string, query: string, body: Buffer): string | null {
    const authorization = req.headers.authorization ?? "";
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return `unsigned or malformed Authorization: ${authorization}`;
    const [, keyId, day, region, signedHeaders, signature] = match;
    if (keyId !== this.accessKeyId) return `unknown access key ${keyId}`;
    if (region !== this.region) return `signed for region ${region}`;
    const amzDate = String(req.headers["x-amz-date"] ?? "");
    if (!amzDate.startsWith(day)) return "x-amz-date does not match the credential's day";
    const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
    if (!payloadHash) return "no x-amz-content-sha256";
    if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body))
      return "x-amz-content-sha256 does not match the body";
    const names = signedHeaders.split(";");
    if (!names.includes("host") || !names.includes("x-amz-date")) return "host or x-amz-date not signed";
    const canonicalHeaders = names
      .map(
        (name) =>
          `${name}:${String(req.headers[name] ?? "")
            .trim()
            .replace(/\s+/g, " ")}\n`,
      )
      .join("");
    const canonicalQuery = query
      .split("&")
      .filter(Boolean)
      .map((pair) => (pair.includes("=") ? pair : `${pair}=`))
      .sort()
      .join("&");
    const canonicalRequest = [req.method, rawPath, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join(
      "\n",
    );
    const scope = `${day}/${region}/s3/aws4_request`;
    const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
    const key = hmac(hmac(hmac(hmac(`AWS4${this.secretAccessKey}`, day), region), "s3"), "aws4_request");
    const expected = createHmac("sha256", key).update(stringToSign).digest("hex");
    return expected === signature ? null : "signature does not match";
  }

  private handle(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): void {
    const [rawPath, query = ""] = (req.url ?? "/").split("?");
    this.requests.push({ method: req.method ?? "", path: rawPath, headers: req.headers, bodyLength: body.length });
    const problem = this.signatureProblem(req, rawPath, query, body);
    if (problem) return this.refuse(res, 403, "SignatureDoesNotMatch", `${req.method} ${rawPath}: ${problem}`);
    const prefix = `/${this.bucket}/`;
    if (!rawPath.startsWith(prefix))
      return this.refuse(res, 404, "NoSuchBucket", `${req.method} ${rawPath}: not in bucket ${this.bucket}`);
    const key = decodeURIComponent(rawPath.slice(prefix.length));
    if (req.method === "PUT") {
      const declared = Number(req.headers["content-length"]);
      if (declared !== body.length)
        return this.refuse(
          res,
          400,
          "IncompleteBody",
          `PUT ${key}: content-length ${declared} for ${body.length} bytes`,
        );
      this.objects.set(key, {
        body,
        contentType: String(req.headers["content-type"] ?? "binary/octet-stream"),
        cacheControl: req.headers["cache-control"],
      });
      res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
      return void res.end();
    }
    if (req.method === "HEAD") {
      const object = this.objects.get(key);
      // S3 answers a HEAD with its status alone: no XML body.
      res.writeHead(
        object ? 200 : 404,
        object
          ? { "content-type": object.contentType, "content-length": object.body.length, "accept-ranges": "bytes" }
          : {},
      );
      return void res.end();
    }
    if (req.method === "GET") {
      const object = this.objects.get(key);
      if (!object) return this.refuse(res, 404, "NoSuchKey");
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ""));
      if (req.headers.range !== undefined && !range)
        return this.refuse(res, 400, "InvalidArgument", `GET ${key}: a range S3 does not take: ${req.headers.range}`);
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(range[2] === "" ? object.body.length - 1 : Number(range[2]), object.body.length - 1);
        if (start >= object.body.length) return this.refuse(res, 416, "InvalidRange");
        res.writeHead(206, {
          "content-type": object.contentType,
          "content-length": end - start + 1,
          "content-range": `bytes ${start}-${end}/${object.body.length}`,
        });
        return void res.end(object.body.subarray(start, end + 1));
      }
      res.writeHead(200, { "content-type": object.contentType, "content-length": object.body.length });
      return void res.end(object.body);
    }
    if (req.method === "DELETE") {
      this.objects.delete(key);
      res.writeHead(204);
      return void res.end();
    }
    this.refuse(res, 405, "MethodNotAllowed", `${req.method} ${rawPath}: not supported`);
  }
}
