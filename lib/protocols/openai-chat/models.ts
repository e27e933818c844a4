/** `GET {baseUrl}/models` as OpenAI (and Anthropic, and most gateways) answer it: `{"data": [{"id"}]}`. */
export function parseDataModelList(body: unknown): { id: string }[] {
  const data = (body as { data?: { id?: unknown }[] } | null)?.data;
  return (Array.isArray(data) ? data : []).map((m) => ({ id: String(m.id) }));
}
