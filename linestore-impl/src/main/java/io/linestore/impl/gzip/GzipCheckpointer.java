package io.linestore.impl.gzip;

import io.linestore.impl.blocks.CheckpointTableWriter;
import io.linestore.impl.blocks.Checkpointer;
import io.linestore.impl.blocks.CompressedBytes;
import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.DataFormatException;

/**
 * The text of a gzip file (one member or several; bgzip is several), read once from start to end,
 * that records a checkpoint into a {@link CheckpointTableWriter} at the first deflate block or member
 * that starts {@code span} or more bytes of text after the last checkpoint (zlib's {@code zran}
 * method: inflate stops after each block, and the block's bit position and the 32 KiB of text before
 * it are kept). A window is kept sparse ({@link WindowUse}): once the text after its checkpoint is
 * decoded, the bytes that text does not copy from are zeroed, on a thread of its own that adds the
 * checkpoints to the table in order (off the decoding thread, whose pace is the index's). A damaged or cut file, or bytes after the last member that are not another member, is
 * an {@link IOException} naming the compressed byte. Read by one thread; closing frees zlib's state.
 */
public final class GzipCheckpointer extends Checkpointer {

    private static final int INPUT = 1 << 18;
    /** Checkpoints handed to the window thread and not yet seen done, at most. */
    private static final int MAX_QUEUED = 64;

    private final Arena arena = Arena.ofShared();
    private final MemorySegment input = arena.allocate(INPUT);
    private final ByteBuffer inputBuffer = input.asByteBuffer();
    private final MemorySegment windowSegment = arena.allocate(Inflate.WINDOW);
    private final Inflate inflate;
    /** Checkpoints whose windows wait for the text after them, oldest first. */
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    /** Adds checkpoints to the table in order, one thread: used by it alone are the two fields below. */
    private final ExecutorService windowWriter = Executors.newSingleThreadExecutor(
            Thread.ofPlatform().daemon().name("linestore-windows").factory());
    private final WindowUse windowUse = new WindowUse();
    private byte[] compressed = new byte[1 << 16];
    /** The window thread's tasks not yet seen to have ended, oldest first. */
    private final ArrayDeque<Added> added = new ArrayDeque<>();
    private boolean anyCheckpoint;
    private long lastCheckpointText;
    /** Where the last member ended, while the next one's header is read; -1 inside a member. */
    private long memberEnd;
    private boolean finished;
    private boolean closed;

    /**
     * Starts linking zlib on a thread of its own, for a checkpointer made soon after: see
     * {@link io.linestore.LineStores#prepareIndex}.
     */
    public static void prepare() {
        Inflate.linkInBackground();
    }

    /**
     * Reads the members of a gzip file from the start of one of them on: from its start, or, as the
     * continuation of the text before, from where the file grew by whole members after it was indexed.
     *
     * @param file the file, for messages
     * @param bytes the file's bytes, read from byte {@code from} to {@code size}
     * @param from where a member starts (or 0)
     * @param fromText the text's size before {@code from}
     * @param size the bytes to read
     * @param span text bytes between checkpoints, at least
     * @param checkpoints receives the checkpoints, after those of the text before
     */
    public GzipCheckpointer(Path file, CompressedBytes bytes, long from, long fromText, long size, long span,
            CheckpointTableWriter checkpoints) {
        super(file, bytes, from, fromText, size, span, checkpoints);
        this.memberEnd = from > 0 ? from : -1;
        this.anyCheckpoint = checkpoints.count() > 0;
        this.lastCheckpointText = checkpoints.lastText();
        try {
            this.inflate = new Inflate(arena);
        } catch (RuntimeException | Error e) {
            arena.close();
            windowWriter.shutdown();
            throw e;
        }
        inflate.input(input, 0);
    }

    @Override
    protected int decode(ByteBuffer into) throws IOException {
        MemorySegment room = MemorySegment.ofBuffer(into);
        int length = into.remaining();
        int produced = 0;
        while (produced < length && !finished) {
            if (inflate.availableInput() == 0 && read < size) {
                inflate.input(input, fill(inputBuffer));
            }
            inflate.output(room.asSlice(produced), length - produced);
            int code = inflate.inflate(Inflate.Z_BLOCK);
            int got = length - produced - inflate.availableOutput();
            produced += got;
            text += got;
            int type = inflate.dataType();
            if ((type & 0xC0) == 0x80) {
                memberEnd = -1;
                if (!anyCheckpoint || text - lastCheckpointText >= span) {
                    byte[] window = new byte[inflate.window(windowSegment)];
                    MemorySegment.copy(windowSegment, ValueLayout.JAVA_BYTE, 0, window, 0, window.length);
                    pending.add(new Pending(text, consumed(), type & 7, window));
                    anyCheckpoint = true;
                    lastCheckpointText = text;
                }
            }
            addReady(code == Inflate.Z_STREAM_END);
            if (code == Inflate.Z_STREAM_END) {
                memberEnd = consumed();
                if (memberEnd == size) {
                    finished = true;
                } else {
                    inflate.reset();
                }
            } else if (code == Inflate.Z_BUF_ERROR && inflate.availableInput() == 0 && read == size) {
                throw damaged(new EOFException((memberEnd >= 0
                        ? "the " + (size - memberEnd) + " bytes after the gzip member that ends at byte " + memberEnd
                                + " are not a whole gzip member"
                        : "it ends inside a gzip member at byte " + size + " (truncated)")));
            } else if (code != Inflate.Z_OK && code != Inflate.Z_BUF_ERROR) {
                String problem = memberEnd >= 0
                        ? "the bytes after the gzip member that ends at byte " + memberEnd + " are not gzip ("
                                + inflate.message(code) + ")"
                        : "gzip data is damaged near byte " + consumed() + ": " + inflate.message(code);
                throw damaged(new DataFormatException(problem));
            }
        }
        into.position(into.position() + produced);
        if (produced == 0 && finished) {
            // Every checkpoint is in the table before the text is said to end.
            while (!added.isEmpty()) {
                finish(added.poll().task());
            }
            return -1;
        }
        return produced;
    }

    /**
     * Adds the pending checkpoints whose windows can be made sparse: those followed by a window's
     * size of text, or whose member ended (the next member starts with an empty window).
     */
    private void addReady(boolean memberEnded) throws IOException {
        while (!pending.isEmpty()) {
            Pending next = pending.peek();
            if (!memberEnded && next.window().length > 0 && text - next.text() < Inflate.WINDOW) {
                break; // the rest wait for their text; the window thread's queue is still bounded below
            }
            pending.poll();
            long to = consumed();
            added.add(new Added(next.from(), windowWriter.submit(() -> add(next, to))));
        }
        // Wait for the window thread when it falls behind: what it has yet to do, and the compressed bytes a
        // stream keeps for it, stay bounded whatever the file's size and span.
        while (!added.isEmpty() && (added.peek().task().isDone() || added.size() > MAX_QUEUED)) {
            finish(added.poll().task());
        }
        // A checkpoint found later starts at or after the byte inflate takes next (or the one before it).
        release(!added.isEmpty() ? added.peek().from() : !pending.isEmpty() ? pending.peek().from() : consumed() - 1);
    }

    /**
     * Makes a checkpoint's window sparse and adds it to the table, on the window thread: off the
     * decoding thread, which bounds the index's time.
     *
     * @param to where the compressed bytes decoded so far end
     */
    private Void add(Pending checkpoint, long to) throws IOException {
        if (checkpoint.window().length > 0) {
            long from = checkpoint.from();
            int length = Math.toIntExact(to - from);
            if (compressed.length < length) {
                compressed = new byte[Math.max(length, compressed.length * 2)];
            }
            readAgain(from, ByteBuffer.wrap(compressed, 0, length));
            try {
                windowUse.keepUsed(checkpoint.window(), checkpoint.window().length, checkpoint.bits(), compressed,
                        length);
            } catch (DataFormatException e) {
                throw damaged(new DataFormatException("gzip data is damaged after byte " + from + ": "
                        + e.getMessage()));
            }
        }
        checkpoints.add(checkpoint.text(), checkpoint.file(), checkpoint.bits(), checkpoint.window(),
                checkpoint.window().length);
        return null;
    }

    /** Waits for a window's task and throws what it threw. */
    private static void finish(Future<Void> task) throws IOException {
        try {
            task.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException failure) {
                throw failure;
            }
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while the checkpoints were written");
        }
    }

    /** A checkpoint found, its window whole until the text after it is decoded. */
    private record Pending(long text, long file, int bits, byte[] window) {

        /** The first compressed byte its block is decoded from. */
        long from() {
            return file - (bits > 0 ? 1 : 0);
        }
    }

    /** A checkpoint handed to the window thread, which reads the compressed bytes from {@code from} on again. */
    private record Added(long from, Future<Void> task) {
    }

    /** Compressed bytes inflate has taken. */
    private long consumed() {
        return read - inflate.availableInput();
    }

    private static IOException damaged(Exception e) {
        return new IOException(e.getMessage(), e);
    }

    /** Stops the window thread and frees zlib's state; again does nothing. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            // A failed index closes this before the table: no window task may write to it after.
            windowWriter.shutdownNow();
            try {
                if (!windowWriter.awaitTermination(1, TimeUnit.MINUTES)) {
                    throw new IllegalStateException("the checkpoint windows' thread did not stop");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                try {
                    inflate.close();
                } finally {
                    arena.close();
                }
            }
        }
    }
}
