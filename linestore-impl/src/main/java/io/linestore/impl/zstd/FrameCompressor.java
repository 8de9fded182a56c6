package io.linestore.impl.zstd;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import io.linestore.Compression;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Compresses blocks into zstd frames (with their content size and a checksum) on one thread per core,
 * for every data file one build or append writes: the threads start with the first block and stop
 * with {@link #close()}. Each thread keeps its own zstd context, closed with this. Thread-safe.
 */
public final class FrameCompressor implements Closeable {

    private static final int THREADS = Math.max(1, Runtime.getRuntime().availableProcessors());

    private final Compression compression;
    private final ThreadLocal<ZstdCompressCtx> contexts;
    /** Every context the threads made: each holds native memory. */
    private final List<ZstdCompressCtx> made = new CopyOnWriteArrayList<>();
    private ExecutorService workers;

    /** A compressed block: the frame's bytes {@code [0, length)} and the size of the text it holds. */
    record Frame(byte[] bytes, int length, int textBytes) {
    }

    /**
     * Compresses at a level and block size.
     *
     * @param compression the setting, compressed
     */
    public FrameCompressor(Compression compression) {
        this.compression = compression;
        this.contexts = ThreadLocal.withInitial(() -> {
            ZstdCompressCtx ctx = new ZstdCompressCtx();
            ctx.setLevel(compression.level());
            ctx.setChecksum(true);
            ctx.setContentSize(true);
            made.add(ctx);
            return ctx;
        });
    }

    /**
     * The level and block size.
     *
     * @return the setting
     */
    public Compression compression() {
        return compression;
    }

    /**
     * Compresses a block on a worker thread.
     *
     * @param text the block's bytes, not written by the caller afterwards
     * @param length how many of them
     * @return the frame, when done
     */
    synchronized Future<Frame> submit(byte[] text, int length) {
        if (workers == null) {
            workers = Executors.newFixedThreadPool(THREADS,
                    Thread.ofPlatform().daemon().name("linestore-zstd-", 0).factory());
        }
        return workers.submit(() -> compress(text, length));
    }

    /** How many blocks a writer keeps in flight: two per thread, so that no thread waits for work. */
    int inFlight() {
        return 2 * THREADS;
    }

    private Frame compress(byte[] text, int length) {
        byte[] out = new byte[(int) Zstd.compressBound(length)];
        int n = contexts.get().compressByteArray(out, 0, out.length, text, 0, length);
        return new Frame(out, n, length);
    }

    @Override
    public synchronized void close() throws IOException {
        if (workers == null) {
            return;
        }
        workers.shutdownNow();
        try {
            if (!workers.awaitTermination(1, TimeUnit.MINUTES)) {
                throw new IOException("the zstd compression threads did not stop within a minute");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while stopping the zstd compression threads");
        } finally {
            made.forEach(ZstdCompressCtx::close);
            made.clear();
        }
    }
}
