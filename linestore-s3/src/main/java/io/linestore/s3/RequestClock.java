package io.linestore.s3;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The clock of one try of a request, for what the JDK's timeout of each read cannot bound: a server
 * that trickles its answer a byte at a time, or stops taking an upload (a blocked write has no
 * timeout at all). Both clients use it: {@link HttpObjects} around each try, {@link ClockedHttpClient}
 * around each of the SDK's.
 *
 * <p>Until the answer's headers are in, a clock that runs out aborts the request from the clock's
 * thread (a disconnect: the request's blocked connect, write or read fails at once), and again each
 * second until the request gives up. Once they are in, the thread that reads the body checks the
 * clock at each read instead ({@link #body}): a disconnect would wait for a read in progress, as the
 * JDK's body streams read under a lock. A read already waiting when the clock runs out fails when
 * its bytes come, or when the timeout of each read passes.
 *
 * <p>A clock of {@link Limit#DEADLINE} runs out its allowance after the try starts, and again
 * after each {@value #BYTES_PER_DEADLINE} bytes of body: a GET of up to that many bytes arrives
 * whole within the deadline, and a longer answer at that many bytes per deadline at least. A clock
 * of {@link Limit#WRITE_TIMEOUT} runs out its allowance after the try starts, or after the client
 * last took more of the upload to send ({@link #upload}): it ends when the server takes nothing for
 * that long. Thread-safe.
 */
final class RequestClock {

    /** Bytes of an answer's body each deadline covers: the default GET's size. */
    static final long BYTES_PER_DEADLINE = S3Settings.DEFAULT_GET_BYTES;

    /** How often an abort is made again while the request has not given up. */
    private static final long ABORT_AGAIN_NANOS = TimeUnit.SECONDS.toNanos(1);

    private static final int RUNNING = 0;
    private static final int STOPPED = 1;
    private static final int RAN_OUT = 2;

    /** What a clock's allowance bounds, and the setting that sets it. */
    enum Limit {
        /** One try of a read: connecting, the answer's headers and its body. */
        DEADLINE("LINESTORE_S3_DEADLINE"),
        /** One try of an upload: how long the server may take none of its bytes. */
        WRITE_TIMEOUT("LINESTORE_S3_WRITE_TIMEOUT");

        private final String variable;

        Limit(String variable) {
            this.variable = variable;
        }
    }

    private final Limit limit;
    private final Duration allowed;
    private final long allowedNanos;
    private final Runnable abort;
    private final AtomicInteger state = new AtomicInteger(RUNNING);
    private volatile boolean done;
    private volatile long endNanos;
    private volatile ScheduledFuture<?> check;

    private RequestClock(Limit limit, Duration allowed, Runnable abort) {
        this.limit = limit;
        this.allowed = allowed;
        this.allowedNanos = allowed.toNanos();
        this.abort = abort;
        this.endNanos = System.nanoTime() + allowedNanos;
    }

    /**
     * Starts the clock of a try.
     *
     * @param limit what the allowance bounds
     * @param allowed the allowance, positive
     * @param abort ends the request (closes its connection); called on another thread, maybe more than once
     * @return the running clock
     */
    static RequestClock start(Limit limit, Duration allowed, Runnable abort) {
        RequestClock clock = new RequestClock(limit, allowed, abort);
        clock.check = Timer.THREAD.schedule(clock::check, clock.allowedNanos, TimeUnit.NANOSECONDS);
        return clock;
    }

    /**
     * Says that the answer's headers are in: the clock no longer aborts the request; reads of the
     * body check it ({@link #body}).
     *
     * @throws Expired if the clock ran out first
     */
    void answered() throws Expired {
        stop();
        if (ranOut()) {
            throw expired();
        }
    }

    /** Stops the clock's aborts, whether the try succeeded or failed. */
    void stop() {
        done = true;
        state.compareAndSet(RUNNING, STOPPED);
        ScheduledFuture<?> pending = check;
        if (pending != null) {
            pending.cancel(false);
        }
    }

    /**
     * Whether the clock ran out and aborted the request.
     *
     * @return {@code true} if so
     */
    boolean ranOut() {
        return state.get() == RAN_OUT;
    }

    /**
     * Stops the clock of a try that failed, and says what it failed of: the clock running out, if
     * it did (the failure is then the abort's), else the failure itself.
     *
     * @param failure what the request threw
     * @return an {@link Expired} with the failure suppressed, or the failure
     */
    IOException failure(IOException failure) {
        stop();
        if (!ranOut()) {
            return failure;
        }
        Expired expired = expired();
        expired.addSuppressed(failure);
        return expired;
    }

    /**
     * The answer's body, whose reads fail once the clock has run out: at the deadline, extended by
     * each {@value #BYTES_PER_DEADLINE} bytes read.
     *
     * @param in the body
     * @return the timed body; closing it closes {@code in}
     */
    InputStream body(InputStream in) {
        return new FilterInputStream(in) {
            private long sinceExtended;

            @Override
            public int read() throws IOException {
                checkRead();
                int b = super.read();
                if (b >= 0) {
                    arrived(1);
                }
                return b;
            }

            @Override
            public int read(byte[] bytes, int offset, int length) throws IOException {
                checkRead();
                int n = super.read(bytes, offset, length);
                arrived(n);
                return n;
            }

            @Override
            public long skip(long n) throws IOException {
                checkRead();
                long skipped = super.skip(n);
                arrived(skipped);
                return skipped;
            }

            private void arrived(long n) {
                if (n > 0 && (sinceExtended += n) >= BYTES_PER_DEADLINE) {
                    sinceExtended = 0;
                    extend();
                }
            }
        };
    }

    /**
     * An upload's body, each of whose reads extends the clock: the client asks for more only once
     * it has sent what it had.
     *
     * @param in the body
     * @return the body that tells the clock of progress; closing it closes {@code in}
     */
    InputStream upload(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                extend();
                return super.read();
            }

            @Override
            public int read(byte[] bytes, int offset, int length) throws IOException {
                extend();
                return super.read(bytes, offset, length);
            }
        };
    }

    private void extend() {
        endNanos = System.nanoTime() + allowedNanos;
    }

    private void checkRead() throws Expired {
        if (System.nanoTime() - endNanos > 0) {
            throw expired();
        }
    }

    /** Runs on the timer: aborts the request if the clock ran out, else looks again when it may have. */
    private void check() {
        if (done) {
            return;
        }
        int now = state.get();
        long left = endNanos - System.nanoTime();
        if (now == RUNNING && left > 0) {
            check = Timer.THREAD.schedule(this::check, left, TimeUnit.NANOSECONDS);
            return;
        }
        if (now == RAN_OUT || state.compareAndSet(RUNNING, RAN_OUT)) {
            // On a thread of its own: closing a TLS socket may wait for a write in progress.
            Thread.ofVirtual().start(abort);
            // A connect in progress has no connection to close yet: abort again until the request gives up.
            check = Timer.THREAD.schedule(this::check, ABORT_AGAIN_NANOS, TimeUnit.NANOSECONDS);
        }
    }

    private Expired expired() {
        return new Expired(limit, allowed);
    }

    /** Formats a duration in seconds as settings give them: {@code 4}, {@code 0.25}. */
    private static String seconds(Duration duration) {
        long millis = duration.toMillis();
        return millis % 1000 == 0 ? Long.toString(millis / 1000) : Double.toString(millis / 1000.0);
    }

    /** A try that ran out of its clock; the SDK and {@link HttpObjects} try it again as any broken connection. */
    static final class Expired extends IOException {

        private static final long serialVersionUID = 1L;

        private final Limit limit;
        private final Duration allowed;

        private Expired(Limit limit, Duration allowed) {
            super(limit == Limit.DEADLINE ? "the answer did not arrive whole within the deadline of " + seconds(allowed)
                    + " s (" + limit.variable + ")" : "the server took none of the upload for " + seconds(allowed)
                    + " s (" + limit.variable + ")");
            this.limit = limit;
            this.allowed = allowed;
        }

        /**
         * The one-line message of a request that failed so after its last try.
         *
         * @param server how to name the server: its host, or an S3 endpoint
         * @param action what was asked, such as {@code GET}
         * @param url the object's URL
         * @return the message, naming the URL, the allowance and what sets it
         */
        String describe(String server, String action, String url) {
            String limits = " (" + limit.variable + " and --retries, LINESTORE_S3_RETRIES set the limits)";
            if (limit == Limit.DEADLINE) {
                return server + " did not answer " + action + " " + url + " in full within the deadline of "
                        + seconds(allowed) + " s of each try: is it overloaded or stalled?" + limits;
            }
            return "the upload of " + url + " stalled: " + server + " took none of its bytes for " + seconds(allowed)
                    + " s, the write timeout of each try" + limits;
        }
    }

    /** The one thread that checks clocks, made on the first remote request. */
    private static final class Timer {

        static final ScheduledThreadPoolExecutor THREAD = timer();

        private static ScheduledThreadPoolExecutor timer() {
            ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1,
                    task -> Thread.ofPlatform().name("linestore-request-clock").daemon().unstarted(task));
            // Most clocks stop long before they would run out: their checks leave the queue at once.
            timer.setRemoveOnCancelPolicy(true);
            return timer;
        }
    }
}
