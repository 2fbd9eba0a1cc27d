import { PageLoadingMessage } from "@/components/ui/page-loading";

export default function QuizLoading() {
  return <PageLoadingMessage message="Loading quizzes..." width="max-w-3xl" shape="quiz" />;
}
