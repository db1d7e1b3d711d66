/** Whether the queue will try this run again if it fails (the last attempt marks it failed). */
export interface RunAttempt {
  lastAttempt: boolean;
}
