/**
 * What local mode still waits for besides its stand-ins (e.g. `npm start`'s demo data). The
 * health check reports each as true once done, so /api/health answers ok only when the product
 * is ready to use, and a 503 names what is not ready yet.
 */
export class Readiness {
  private readonly pending = new Map<string, boolean>();

  constructor(waitsFor: string[] = []) {
    for (const name of waitsFor) this.pending.set(name, false);
  }

  done(name: string): void {
    if (!this.pending.has(name)) throw new Error(`Readiness does not wait for "${name}"`);
    this.pending.set(name, true);
  }

  report(): Record<string, boolean> {
    return Object.fromEntries(this.pending);
  }
}
