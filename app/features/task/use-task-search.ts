/**
 * Finding tasks by number (`#12`) or words, through `GET /issuesearch/data`, as the user
 * types: a short pause before asking, and only the newest question's answer is shown.
 */
import { useEffect, useRef, useState } from "react";
import { apiCall } from "../../lib/api";
import type { SearchHit } from "./types";

const PAUSE_MS = 180;

export function useTaskSearch(projectGuid: string, limit = 10) {
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<SearchHit[]>([]);
  const [searching, setSearching] = useState(false);
  const asked = useRef(0);
  useEffect(() => {
    const q = query.trim();
    const mine = ++asked.current;
    if (!q) {
      setResults([]);
      setSearching(false);
      return;
    }
    setSearching(true);
    const timer = setTimeout(async () => {
      const params = new URLSearchParams({ query: q, limit: String(limit) });
      const result = await apiCall<{ count: number; results: SearchHit[] }>("GET", `/v1/project/${projectGuid}/issuesearch/data?${params.toString()}`);
      if (mine !== asked.current) return;
      setSearching(false);
      setResults(result.error ? [] : result.data.results);
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query, projectGuid, limit]);
  return { query, setQuery, results, searching };
}
