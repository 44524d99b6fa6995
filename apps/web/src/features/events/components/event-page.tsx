import { type Kegiatan, toBelt } from '@ukt/core';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { setEvent, useSession } from '../../../lib/session';
import { useEvents } from '../api/get-events';
import { EventCard } from './event-card';

/** /event: 'Pilih Kegiatan Acara', the event cards; an event already chosen goes to / (SPEC §2). */
export function EventPage() {
  const { idUkt, examiner } = useSession();
  const navigate = useNavigate();
  const query = useEvents(examiner?.id_pemilih ?? '');
  const events = query.data;
  // 'Coba lagi' brings the spinner back until the new answer.
  const error = query.isError && !query.isFetching ? query.error.message : null;
  if (idUkt !== null) return <Navigate to="/" replace />;

  const choose = (event: Kegiatan) => {
    setEvent(Number(event.id_ukt), toBelt(event.id_tingkat));
    navigate('/', { replace: true });
  };

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">Pilih Kegiatan Acara</h1>
      {error && (
        <div className="flex flex-col gap-2">
          <Notice tone="error">{error}</Notice>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Coba lagi
          </Button>
        </div>
      )}
      {!events && !error && <Spinner />}
      {events?.length === 0 && <Notice>Belum ada kegiatan ujian.</Notice>}
      {events?.map((event) => (
        <EventCard key={event.id_ukt} event={event} onChoose={choose} />
      ))}
    </section>
  );
}
