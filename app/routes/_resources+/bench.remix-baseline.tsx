import { useLoaderData } from "@remix-run/react";
import { getSettings } from "../../lib/settings.server";

// The benchmark's minimal Remix page: one loader returning a small list, no data access.
// It exists only when BENCH_BASELINES=on.
export async function loader() {
  if (!getSettings().benchBaselines) throw new Response("Not found", { status: 404 });
  return { items: ["Mentorship", "Relocation", "Job Placement"] };
}

export default function RemixBaseline() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <ul>
      {items.map((i) => (
        <li key={i}>{i}</li>
      ))}
    </ul>
  );
}
