import { redirect } from "react-router";

/** Any unknown path goes to the main page (spec §2). */
export function loader() {
  return redirect("/");
}

export default function NotFound() {
  return null;
}
