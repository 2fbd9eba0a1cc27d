export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 print:hidden">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
        <p className="text-center text-sm text-slate-600">© 2025 LearnPath. All rights reserved.</p>
      </div>
    </footer>
  );
}
