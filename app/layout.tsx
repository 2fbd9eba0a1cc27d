import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import "./globals.css";

export const metadata: Metadata = {
  title: {
    default: "LearnPath – AI-Powered Learning Built Just for You",
    template: "%s | LearnPath",
  },
  description:
    "Personalised courses written by AI for the topics you choose: read at your own pace, test yourself with quizzes and track your progress.",
  applicationName: "LearnPath",
  openGraph: {
    type: "website",
    siteName: "LearnPath",
    title: "LearnPath – AI-Powered Learning Built Just for You",
    description:
      "Personalised courses written by AI for the topics you choose, with quizzes and progress tracking.",
  },
};

export const viewport: Viewport = {
  themeColor: "#4f46e5",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col">
        {children}
        <Toaster />
      </body>
    </html>
  );
}
