// A full screen tall, so the footer is not on screen to be pushed down when the course arrives.
export default function CourseLoading() {
  return (
    <div className="mx-auto min-h-screen max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <p role="status" className="text-lg text-slate-700">
        Loading course...
      </p>
    </div>
  );
}
