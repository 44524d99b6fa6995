/** Clears every in-progress exam key (SPEC §4); filled in by the exam screens. */
export function clearExamState(): void {
  /* filled by the exams screens */
}
