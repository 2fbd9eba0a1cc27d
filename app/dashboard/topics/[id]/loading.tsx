export default function TopicCoursesLoading() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <p role="status" className="text-lg text-slate-700">
        Loading courses...
      </p>
    </div>
  );
}
