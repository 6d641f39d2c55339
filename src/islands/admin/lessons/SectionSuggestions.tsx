/** The course's sections (levels) so far, in lesson order, each once and without the empty one. */
export function sectionsOf(lessons: readonly { section: string }[]): string[] {
  return [...new Set(lessons.map((lesson) => lesson.section.trim()).filter(Boolean))];
}

/** Suggestions for a section field (`<input list={id}>`): typing a new section is still allowed. */
export function SectionSuggestions({ id, sections }: { id: string; sections: readonly string[] }) {
  return (
    <datalist id={id}>
      {sections.map((section) => (
        <option key={section} value={section} />
      ))}
    </datalist>
  );
}
