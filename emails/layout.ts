/*
 * The shared look of every e-mail: a simple, table-free layout that renders in all mail clients,
 * with the product's indigo brand. Every template gives both HTML and plain text.
 */

/** `headers`: extra header fields, such as a reminder's List-Unsubscribe (RFC 8058). */
export type EmailContent = { subject: string; html: string; text: string; headers?: Record<string, string> };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function renderEmail({ preheader, heading, body, code, footer }: {
  preheader: string;
  heading: string;
  body: string[];
  code?: string;
  footer: string;
}): { html: string; text: string } {
  const paragraphs = body.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#334155">${escapeHtml(p)}</p>`).join("");
  const codeBlock = code
    ? `<div style="margin:8px 0 24px;padding:16px;border-radius:12px;background:#eef2ff;text-align:center">
        <div style="font-size:13px;color:#4338ca;letter-spacing:0.08em;text-transform:uppercase;margin-bottom:8px">Your code</div>
        <div style="font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:36px;font-weight:700;letter-spacing:0.3em;color:#312e81;user-select:all">${escapeHtml(code)}</div>
      </div>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
  <span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</span>
  <div style="max-width:520px;margin:0 auto;padding:32px 16px">
    <div style="font-size:20px;font-weight:700;color:#4f46e5;margin-bottom:24px">LearnPath</div>
    <div style="background:#ffffff;border:1px solid #e2e8f0;border-radius:16px;padding:32px">
      <h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#0f172a">${escapeHtml(heading)}</h1>
      ${paragraphs}${codeBlock}
      <p style="margin:0;font-size:13px;line-height:20px;color:#64748b">${escapeHtml(footer)}</p>
    </div>
    <p style="margin:24px 0 0;font-size:12px;color:#94a3b8;text-align:center">© 2025 LearnPath. All rights reserved.</p>
  </div>
</body></html>`;
  const text = [heading, "", ...body.flatMap((p) => [p, ""]), ...(code ? [`Your code: ${code}`, ""] : []), footer, "", "— LearnPath"].join("\n");
  return { html, text };
}
