export default function QuizLoading() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <p role="status" className="text-lg text-slate-700">
        Loading quizzes...
      </p>
    </div>
  );
}
