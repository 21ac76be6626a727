/**
 * Task changes with the spec's messages (spec part 2 section 8 "Tasks"): Mark Complete, delete
 * (one or many). Starting goes through the Start Audit Task dialog (StartTaskDialog).
 */
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api';
import { completeTask, startTask } from '../api/change-task-status';
import { deleteTasks } from '../api/delete-tasks';
import { invalidateTasks } from '../api/get-tasks';

export function useTaskActions() {
  const queryClient = useQueryClient();
  const refresh = () => invalidateTasks(queryClient);
  return {
    async start(id: string): Promise<boolean> {
      try {
        await startTask(id);
        toast.success('Task started successfully');
        return true;
      } catch (error) {
        toast.error('Failed to start task', { description: errorMessage(error) });
        return false;
      } finally {
        void refresh();
      }
    },
    async complete(id: string): Promise<boolean> {
      try {
        await completeTask(id);
        toast.success('Task completed successfully');
        return true;
      } catch (error) {
        toast.error('Failed to complete task', { description: errorMessage(error) });
        return false;
      } finally {
        void refresh();
      }
    },
    async remove(ids: string[]): Promise<boolean> {
      try {
        await deleteTasks(ids);
        toast.success('Tasks deleted successfully');
        return true;
      } catch (error) {
        toast.error('Failed to delete tasks', { description: errorMessage(error) });
        return false;
      } finally {
        void refresh();
      }
    },
  };
}
