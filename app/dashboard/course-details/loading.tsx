export default function CourseDetailsLoading() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <p role="status" className="text-lg text-slate-700">
        Loading course...
      </p>
    </div>
  );
}
