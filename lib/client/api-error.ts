import type { PreStreamError } from './chat-store';

/** The BFF's JSON error (`{"error": {"type", "message"}}`) from a failed response, or what can be said without it. */
export async function readApiError(response: Response): Promise<PreStreamError> {
  try {
    const body = (await response.json()) as { error?: { type?: string; message?: string } };
    return { status: response.status, type: body.error?.type ?? 'error', message: body.error?.message ?? response.statusText };
  } catch {
    return { status: response.status, type: 'error', message: `HTTP ${response.status} ${response.statusText}` };
  }
}
