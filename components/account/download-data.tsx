import { endpointUrl } from "@/client/api";

/** "Download my data": a plain link to the JSON export (the browser saves it: the answer is an attachment). */
export function DownloadData() {
  return (
    <section aria-labelledby="download-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="download-heading" className="text-lg font-semibold text-slate-900">
        Your data
      </h2>
      <p className="mt-2 text-slate-700">
        Everything LearnPath holds about you (your account, topics, courses, progress, quiz answers and certificates) in one JSON file.
      </p>
      <a
        href={endpointUrl("GET /users/me/export")}
        download
        className="mt-4 inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-900 hover:border-slate-400 hover:bg-slate-50"
      >
        Download my data
      </a>
    </section>
  );
}
