/** The BFF's error body: `{"error": {"type", "message", ...}}`, with a status that says whose fault it was. Declared once. */
export type ApiErrorType =
  | 'invalid_request'
  /** A join's `from` past every byte the reply's stream has (416). */
  | 'range_not_satisfiable'
  | 'body_too_large'
  /** What a share would snapshot is larger than a share may be (413). */
  | 'snapshot_too_large'
  | 'not_found'
  /** No valid sign-in: the message says how to sign in (401). */
  | 'sign_in_required'
  /** The request contradicts what is stored: a blind race voted on twice (409). */
  | 'conflict'
  /** Signed in, but not allowed: a page for admins asked for by another user (403). */
  | 'forbidden'
  | 'forbidden_host'
  | 'forbidden_origin'
  | 'unsupported_media_type'
  | 'upstream_error'
  | 'upstream_unreachable'
  | 'upstream_timeout'
  | 'upstream_not_sse'
  /** A cassette in playback has no recorded exchange for the request (504): it names both keys. */
  | 'cassette_miss'
  /** Another version cannot be shown while a reply of the conversation streams (409). */
  | 'reply_streaming'
  | 'server_error'
  | 'server_stopping';

export interface ApiErrorBody {
  error: { type: ApiErrorType; message: string; [extra: string]: unknown };
}
