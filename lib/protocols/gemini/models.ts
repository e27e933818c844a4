/** Gemini's model list: `{"models": [{"name": "models/…", "supportedGenerationMethods"}]}`, the streaming-capable ones. */
export function parseGeminiModelList(body: unknown): { id: string }[] {
  const models = (body as { models?: { name?: unknown; supportedGenerationMethods?: unknown }[] } | null)?.models;
  return (Array.isArray(models) ? models : [])
    .filter(
      (m) =>
        !Array.isArray(m.supportedGenerationMethods) ||
        m.supportedGenerationMethods.includes('streamGenerateContent') ||
        m.supportedGenerationMethods.includes('generateContent'),
    )
    .map((m) => ({ id: String(m.name).replace(/^models\//, '') }));
}
