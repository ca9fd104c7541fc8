import { ApiError } from "./api.ts";

/**
 * A form's API call whose server failures (5xx: nothing the person can mend) read the form's own words
 * (the specification's "An error occurred while sending your message.", say) instead of the server's.
 * Refusals (4xx) keep the server's translated message, and a network failure stays one (the form layer
 * says it in its own words).
 */
export async function orFailure<T>(call: Promise<T>, message: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status >= 500)
      throw new ApiError(error.status, { message, code: error.body.code });
    throw error;
  }
}
