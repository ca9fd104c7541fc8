import { ApiError, PAGE_LANGUAGE_HEADER, type ApiErrorBody } from "../../lib/api.ts";

/**
 * Sends a multipart upload with XMLHttpRequest, whose `upload.onprogress` reports the bytes sent (fetch
 * cannot, in any browser yet). Resolves with the stored item; a non-ok answer rejects with an ApiError
 * carrying the server's translated message, a network failure with a plain Error.
 */
export function sendUpload<T>(url: string, data: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("accept", "application/json");
    if (document.documentElement.lang) request.setRequestHeader(PAGE_LANGUAGE_HEADER, document.documentElement.lang);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as T);
        return;
      }
      const error =
        body && typeof body === "object" && "message" in body
          ? (body as ApiErrorBody)
          : { message: `${request.status}: ${request.statusText}`, code: "http_error" };
      reject(new ApiError(request.status, error));
    };
    request.onerror = () => reject(new Error("network"));
    request.send(data);
  });
}
