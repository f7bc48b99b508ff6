import { useLocation } from 'react-router-dom';
import { chatScreenForPath } from '@pando/domain';
import { WelcomeEmptyState } from '@pando/ui';
import { useViewer } from '../../common/viewer';
import { useAppServices } from '../../common/AppServices';
import { AdviceChat } from '../../advice/components/AdviceChat';
import { AskAdvice } from '../../advice/components/AskAdvice';
import { DirectChat } from './DirectChat';
import { TeamChat } from '../../teams/components/TeamChat';

/** Numeric ids only: anything else in the path is a broken link, shown as the empty state. */
function numericId(value: string): number | undefined {
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

/** Spec 01 §2 "Chat screen (chosen by path content)". */
export function ChatPane() {
  const { pathname } = useLocation();
  const viewer = useViewer();
  const { productName } = useAppServices();
  const screen = chatScreenForPath(pathname);
  const empty = <WelcomeEmptyState firstName={viewer.first_name} productName={productName} />;
  switch (screen.kind) {
    case 'direct':
      return <DirectChat key={screen.userId} userKey={screen.userId} />;
    case 'team': {
      const id = numericId(screen.teamId);
      return id === undefined ? empty : <TeamChat key={id} teamId={id} />;
    }
    case 'existingAdvice': {
      const teamId = numericId(screen.teamId);
      const id = numericId(screen.conversationId);
      return teamId === undefined || id === undefined ? (
        empty
      ) : (
        <AdviceChat key={`${teamId}/${id}`} teamId={teamId} conversationId={id} />
      );
    }
    case 'newAdvice': {
      const teamId = numericId(screen.teamId);
      return teamId === undefined ? empty : <AskAdvice key={teamId} teamId={teamId} />;
    }
    case 'empty':
      return empty;
  }
}
