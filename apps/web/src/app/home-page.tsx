import { examsForPost, postShowsPicker } from '@ukt/core';
import { useMemo } from 'react';
import { useEvents } from '../features/events/api/get-events';
import { useHubOrganisasi } from '../features/hub/api/get-organisasi';
import { AnnouncementModal } from '../features/hub/components/announcement-modal';
import { BannerCarousel } from '../features/hub/components/banner-carousel';
import { BeltBanner } from '../features/hub/components/belt-banner';
import { ExamLinks } from '../features/hub/components/exam-links';
import { PostPanel } from '../features/hub/components/post-panel';
import { useAnnouncement } from '../features/hub/hooks/use-announcement';
import { useExamStates } from '../features/hub/hooks/use-exam-states';
import { ParticipantSection } from '../features/participants/components/participant-section';
import { clearExamState } from '../lib/exam-storage';
import { useOutboxItems } from '../lib/outbox';
import { setPost, useSession } from '../lib/session';

/**
 * / : the exam hub: belt, post, participant, and the exams the post and examiner may open (SPEC §2, §6);
 * below them the organisation's banners, and the committee's announcement 3 s after it opens (DESIGN §12).
 */
export function HomePage() {
  const { examiner, belt, post, participant, idUkt } = useSession();
  const exams = useMemo(() => examsForPost(post, { dewan: examiner?.dewan }), [post, examiner?.dewan]);
  const withPicker = postShowsPicker(post);
  const idSiswa = withPicker ? (participant?.id_siswa ?? null) : null;
  const items = useOutboxItems();
  const states = useExamStates(exams, idSiswa, belt, idUkt, items);
  const organisasi = useHubOrganisasi();
  const pengumuman = organisasi?.pengumuman.trim() ?? '';
  const announcement = useAnnouncement(pengumuman);
  const banners = organisasi?.banners ?? [];
  // The posts the examiner is assigned to at this event (none: every post, docs/decisions/109).
  const events = useEvents(examiner?.id_pemilih ?? '');
  const allowed = events.data?.find((e) => e.id_ukt === String(idUkt))?.pos ?? [];

  return (
    <div className="flex flex-col gap-4">
      <BeltBanner belt={belt} />
      <PostPanel
        post={post}
        allowed={allowed}
        onChoose={setPost}
        onChange={() => {
          // SPEC §4: 'Ganti pos' returns to no post and drops the cached exam data.
          clearExamState();
          setPost(0);
        }}
      />
      {post !== 0 && withPicker && <ParticipantSection />}
      {post !== 0 && <ExamLinks exams={exams} states={states} locked={withPicker && !participant} />}
      {/* Below the work: the examiner comes to the hub to score, not to look at banners (decision 081). */}
      {banners.length > 0 && <BannerCarousel banners={banners} />}
      {announcement.open && (
        <AnnouncementModal text={pengumuman} onClose={announcement.close} onHide={announcement.hide} />
      )}
    </div>
  );
}
