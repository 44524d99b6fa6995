import { examsForPost, postShowsPicker } from '@ukt/core';
import { useMemo } from 'react';
import { BeltBanner } from '../features/hub/components/belt-banner';
import { ExamLinks } from '../features/hub/components/exam-links';
import { PostPanel } from '../features/hub/components/post-panel';
import { pendingExamKeys } from '../features/hub/hooks/pending-exams';
import { useExamScores } from '../features/hub/hooks/use-exam-scores';
import { ParticipantSection } from '../features/participants/components/participant-section';
import { clearExamState } from '../lib/exam-storage';
import { useOutboxItems } from '../lib/outbox';
import { setPost, useSession } from '../lib/session';

/** / : the exam hub: belt, post, participant, and the exams the post and examiner may open (SPEC §2, §6). */
export function HomePage() {
  const { examiner, belt, post, participant, idUkt } = useSession();
  const exams = useMemo(() => examsForPost(post, { dewan: examiner?.dewan }), [post, examiner?.dewan]);
  const withPicker = postShowsPicker(post);
  const idSiswa = withPicker ? (participant?.id_siswa ?? null) : null;
  const items = useOutboxItems();
  const scores = useExamScores(exams, idSiswa, belt, idUkt, items?.length ?? 0);
  const pending = pendingExamKeys(items, idSiswa, exams);

  return (
    <div className="flex flex-col gap-4">
      <BeltBanner belt={belt} />
      <PostPanel
        post={post}
        onChoose={setPost}
        onChange={() => {
          // SPEC §4: 'Ganti pos' returns to no post and drops the cached exam data.
          clearExamState();
          setPost(0);
        }}
      />
      {post !== 0 && withPicker && <ParticipantSection />}
      {post !== 0 && (
        <ExamLinks exams={exams} scores={scores} pending={pending} locked={withPicker && !participant} />
      )}
    </div>
  );
}
