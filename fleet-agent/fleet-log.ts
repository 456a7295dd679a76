/**
 * What the fleet agent needs of a log: a line at one of three levels. The kiosk's main
 * process hands it its own log (rotated on disk), the simulator a console or a test's list.
 */
export interface FleetLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
