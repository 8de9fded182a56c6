package io.linestore.impl.gzip;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import java.util.Objects;

/**
 * One zlib inflate stream, called through {@code java.lang.foreign}: the operating system's zlib, the
 * library the JDK's {@link java.util.zip.Inflater} wraps, with the two calls that class does not
 * offer and finding checkpoints in a deflate stream needs ({@code Z_BLOCK} to stop at the end of each
 * deflate block and learn its bit position, and {@code inflateGetDictionary} to take the 32 KiB window
 * there); a read resumes at a checkpoint with the JDK's {@code Inflater} ({@link DeflatePreface}). The
 * stream lives in the caller's arena.
 *
 * <p>zlib writes through raw addresses, so every one handed to it is checked here, where a Java
 * mistake would otherwise become a native heap overflow: an input or output length must lie within
 * its segment, a window's room must hold {@link #WINDOW} bytes, and the segments must still be alive
 * when zlib is called (the stream keeps them reachable meanwhile). The native calls and
 * {@link #close()} hold the stream's monitor, so zlib's state cannot be freed while another thread
 * is inside zlib with it; a call after {@code close()} is an {@link IllegalStateException}. One
 * thread at a time inflates; {@code close()} frees zlib's state, before the arena closes.
 */
final class Inflate implements AutoCloseable {

    /** {@code windowBits} for gzip members (header and trailer checked), the only streams inflated. */
    private static final int GZIP = 31;

    static final int Z_OK = 0;
    static final int Z_STREAM_END = 1;
    static final int Z_NEED_DICT = 2;
    static final int Z_BUF_ERROR = -5;
    static final int Z_BLOCK = 5;

    private static final ValueLayout ADDRESS = ValueLayout.ADDRESS;
    private static final ValueLayout INT = ValueLayout.JAVA_INT;

    /** The largest window a deflate stream refers back into. */
    static final int WINDOW = 1 << 15;

    /** {@code z_stream} on LP64 systems (Linux, macOS): {@code uLong} is 64 bits. */
    private static final StructLayout Z_STREAM = MemoryLayout.structLayout(
            ValueLayout.ADDRESS.withName("next_in"),
            ValueLayout.JAVA_INT.withName("avail_in"),
            MemoryLayout.paddingLayout(4),
            ValueLayout.JAVA_LONG.withName("total_in"),
            ValueLayout.ADDRESS.withName("next_out"),
            ValueLayout.JAVA_INT.withName("avail_out"),
            MemoryLayout.paddingLayout(4),
            ValueLayout.JAVA_LONG.withName("total_out"),
            ValueLayout.ADDRESS.withName("msg"),
            ValueLayout.ADDRESS.withName("state"),
            ValueLayout.ADDRESS.withName("zalloc"),
            ValueLayout.ADDRESS.withName("zfree"),
            ValueLayout.ADDRESS.withName("opaque"),
            ValueLayout.JAVA_INT.withName("data_type"),
            MemoryLayout.paddingLayout(4),
            ValueLayout.JAVA_LONG.withName("adler"),
            ValueLayout.JAVA_LONG.withName("reserved"));

    // Fields are read and written at their offsets: a VarHandle of each field would be spun when the
    // first stream is made, on the index's path.
    private static final long NEXT_IN = offset("next_in");
    private static final long AVAIL_IN = offset("avail_in");
    private static final long NEXT_OUT = offset("next_out");
    private static final long AVAIL_OUT = offset("avail_out");
    private static final long MSG = offset("msg");
    private static final long ZALLOC = offset("zalloc");
    private static final long ZFREE = offset("zfree");
    private static final long OPAQUE = offset("opaque");
    private static final long DATA_TYPE = offset("data_type");

    private final MemorySegment stream;
    private final MemorySegment length;
    /** What {@code next_in} and {@code next_out} point into, kept reachable and checked alive. */
    private MemorySegment in = MemorySegment.NULL;
    private MemorySegment out = MemorySegment.NULL;
    private boolean initialised;

    /**
     * A stream ready to inflate gzip members.
     *
     * @param arena where the stream lives; outlives it
     * @throws UnsupportedOperationException if the system has no zlib, or a zlib without a function used
     * @throws IllegalCallerException if native access is not enabled for this module
     */
    Inflate(Arena arena) {
        Native.check();
        stream = arena.allocate(Z_STREAM);
        length = arena.allocate(ValueLayout.JAVA_INT);
        // zlib's own allocator: null functions and opaque, whatever the arena's memory held.
        stream.set(ValueLayout.ADDRESS, ZALLOC, MemorySegment.NULL);
        stream.set(ValueLayout.ADDRESS, ZFREE, MemorySegment.NULL);
        stream.set(ValueLayout.ADDRESS, OPAQUE, MemorySegment.NULL);
        int code;
        try {
            code = (int) Native.INIT.invokeExact(stream, GZIP, Native.VERSION, (int) Z_STREAM.byteSize());
        } catch (Throwable t) {
            throw Native.unchecked(t);
        }
        check(code, "init");
        initialised = true;
    }

    /**
     * Starts a new stream (the next gzip member), keeping zlib's memory.
     */
    synchronized void reset() {
        ensureOpen();
        try {
            check((int) Native.RESET.invokeExact(stream, GZIP), "reset");
        } catch (Throwable t) {
            throw Native.unchecked(t);
        }
    }

    /**
     * Sets the input.
     *
     * @param from the compressed bytes; must stay alive while inflating
     * @param bytes how many, at most {@code from}'s size
     * @throws IndexOutOfBoundsException if {@code bytes} is negative or more than {@code from} holds
     */
    synchronized void input(MemorySegment from, int bytes) {
        Objects.checkFromIndexSize(0, bytes, from.byteSize());
        in = from;
        stream.set(ValueLayout.ADDRESS, NEXT_IN, from);
        stream.set(ValueLayout.JAVA_INT, AVAIL_IN, bytes);
    }

    /**
     * Sets where the output goes.
     *
     * @param into the room; must stay alive while inflating
     * @param bytes how many bytes of room, at most {@code into}'s size
     * @throws IndexOutOfBoundsException if {@code bytes} is negative or more than {@code into} holds
     */
    synchronized void output(MemorySegment into, int bytes) {
        Objects.checkFromIndexSize(0, bytes, into.byteSize());
        out = into;
        stream.set(ValueLayout.ADDRESS, NEXT_OUT, into);
        stream.set(ValueLayout.JAVA_INT, AVAIL_OUT, bytes);
    }

    int availableInput() {
        return stream.get(ValueLayout.JAVA_INT, AVAIL_IN);
    }

    int availableOutput() {
        return stream.get(ValueLayout.JAVA_INT, AVAIL_OUT);
    }

    /**
     * After {@link #Z_BLOCK}: the unused bits of the last input byte (low 3 bits), 64 while in the
     * last block of a deflate stream, 128 right after a block or a gzip header ends.
     */
    int dataType() {
        return stream.get(ValueLayout.JAVA_INT, DATA_TYPE);
    }

    /**
     * Inflates until the input or the output runs out, the stream ends, or (with {@link #Z_BLOCK}) a
     * block ends.
     *
     * @param flush {@link #Z_BLOCK}, or 0 ({@code Z_NO_FLUSH})
     * @return zlib's code: {@link #Z_OK}, {@link #Z_STREAM_END}, {@link #Z_BUF_ERROR} (no progress
     *     possible), or a negative error
     * @throws IllegalStateException if the stream is closed, or the input's or output's memory was freed
     */
    synchronized int inflate(int flush) {
        ensureOpen();
        ensureAlive(in, "input");
        ensureAlive(out, "output");
        try {
            return (int) Native.INFLATE.invokeExact(stream, flush);
        } catch (Throwable t) {
            throw Native.unchecked(t);
        }
    }

    /**
     * Copies the window: the last (up to) {@link #WINDOW} bytes of output of the current member.
     *
     * @param into room for {@link #WINDOW} bytes
     * @return how many were copied
     * @throws IllegalArgumentException if {@code into} holds fewer than {@link #WINDOW} bytes
     */
    synchronized int window(MemorySegment into) {
        ensureOpen();
        if (into.byteSize() < WINDOW) {
            throw new IllegalArgumentException("a window needs " + WINDOW + " bytes of room, got " + into.byteSize());
        }
        ensureAlive(into, "window");
        try {
            check((int) Native.GET_DICTIONARY.invokeExact(stream, into, length), "get dictionary");
        } catch (Throwable t) {
            throw Native.unchecked(t);
        }
        return length.get(ValueLayout.JAVA_INT, 0);
    }

    /**
     * zlib's message for the last error.
     *
     * @param code the code zlib returned
     * @return the message, or a description of the code when zlib gave none
     */
    @SuppressWarnings("restricted") // zlib's message is a C string it owns
    String message(int code) {
        MemorySegment msg = stream.get(ValueLayout.ADDRESS, MSG);
        if (!msg.equals(MemorySegment.NULL)) {
            return msg.reinterpret(256).getString(0);
        }
        return switch (code) {
            case Z_BUF_ERROR -> "the data ends early";
            case Z_NEED_DICT -> "a preset dictionary is needed";
            default -> "zlib error " + code;
        };
    }

    private void ensureOpen() {
        if (!initialised) {
            throw new IllegalStateException("the zlib stream is closed");
        }
    }

    private static void ensureAlive(MemorySegment segment, String what) {
        if (!segment.scope().isAlive()) {
            throw new IllegalStateException("the zlib stream's " + what + " memory was freed");
        }
    }

    private void check(int code, String what) {
        if (code != Z_OK) {
            throw new IllegalStateException("zlib " + what + " failed: " + message(code));
        }
    }

    /** Frees zlib's state once a call in progress on another thread has returned; again does nothing. */
    @Override
    public synchronized void close() {
        if (initialised) {
            initialised = false;
            try {
                int ignored = (int) Native.END.invokeExact(stream);
            } catch (Throwable t) {
                throw Native.unchecked(t);
            }
        }
    }

    private static long offset(String field) {
        return Z_STREAM.byteOffset(MemoryLayout.PathElement.groupElement(field));
    }

    /** See {@link Zlib#availability()}. */
    static String availability() {
        try {
            Native.check();
            return "the system's zlib (" + Native.libraryName() + ")";
        } catch (RuntimeException e) {
            return "unavailable (" + e.getMessage() + ")";
        }
    }

    /**
     * Starts linking zlib's functions on a daemon thread, so that the first stream, made soon after,
     * finds them linked (making a downcall is most of a short index's start-up). A failure to link is
     * kept and reported where a stream is made.
     */
    static void linkInBackground() {
        if (!Inflate.class.getModule().isNativeAccessEnabled()) {
            return; // a stream says why it cannot call zlib
        }
        Thread.ofPlatform().daemon().name("linestore-zlib-link").start(() -> {
            try {
                Native.check();
            } catch (RuntimeException e) {
                // Only a head start: each stream made reports the failure to link.
            }
        });
    }

    /**
     * The zlib functions an index calls, linked once, when the first stream is made or
     * {@link #linkInBackground} runs (each call's shape takes a stub generated then: only what an
     * index calls is linked). A failure is kept, not thrown from the initialiser, so that each
     * stream reports it with its message (thrown from there it would reach the first caller only).
     */
    @SuppressWarnings("restricted") // calling zlib is the point; the launcher enables native access
    private static final class Native {

        /**
         * The zlib version this class's {@code z_stream} layout is written against: {@code inflateInit2_}
         * checks the major version and the size of the structure.
         */
        private static final String LAYOUT_VERSION = "1.2.9";

        static final MethodHandle INIT;
        static final MethodHandle RESET;
        static final MethodHandle INFLATE;
        static final MethodHandle END;
        static final MethodHandle GET_DICTIONARY;
        static final MemorySegment VERSION = Arena.global().allocateFrom(LAYOUT_VERSION);
        private static final RuntimeException FAILURE;

        static {
            MethodHandle init = null;
            MethodHandle reset = null;
            MethodHandle inflate = null;
            MethodHandle end = null;
            MethodHandle getDictionary = null;
            RuntimeException failure = null;
            try {
                SymbolLookup zlib = library();
                FunctionDescriptor streamInt = FunctionDescriptor.of(INT, ADDRESS, INT);
                init = handle(zlib, "inflateInit2_", FunctionDescriptor.of(INT, ADDRESS, INT, ADDRESS, INT));
                reset = handle(zlib, "inflateReset2", streamInt);
                inflate = handle(zlib, "inflate", streamInt);
                end = handle(zlib, "inflateEnd", FunctionDescriptor.of(INT, ADDRESS));
                getDictionary = handle(zlib, "inflateGetDictionary", FunctionDescriptor.of(INT, ADDRESS, ADDRESS,
                        ADDRESS));
            } catch (UnsupportedOperationException | IllegalCallerException e) {
                failure = e;
            }
            INIT = init;
            RESET = reset;
            INFLATE = inflate;
            END = end;
            GET_DICTIONARY = getDictionary;
            FAILURE = failure;
        }

        private Native() {
        }

        /**
         * Throws the failure to link, if linking failed (the first call links the functions).
         *
         * @throws UnsupportedOperationException if zlib or one of them is missing, naming it
         * @throws IllegalCallerException if native access is not enabled
         */
        static void check() {
            if (FAILURE instanceof UnsupportedOperationException e) {
                throw new UnsupportedOperationException(e.getMessage(), e);
            }
            if (FAILURE != null) {
                throw new IllegalCallerException(FAILURE.getMessage(), FAILURE);
            }
        }

        static String libraryName() {
            return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("mac") ? "libz.dylib"
                    : "libz.so.1";
        }

        private static SymbolLookup library() {
            String name = libraryName();
            try {
                return SymbolLookup.libraryLookup(name, Arena.global());
            } catch (IllegalArgumentException e) {
                throw new UnsupportedOperationException("reading gzip files in place needs the system's zlib ("
                        + name + "), which was not found", e);
            }
        }

        private static MethodHandle handle(SymbolLookup zlib, String name, FunctionDescriptor type) {
            MemorySegment symbol = zlib.find(name).orElseThrow(() -> new UnsupportedOperationException(
                    "the system's zlib has no " + name + " (zlib 1.2.9 or later is needed)"));
            return Linker.nativeLinker().downcallHandle(symbol, type);
        }

        /** A failure inside a downcall: only unchecked ones can happen (the handles declare none). */
        static RuntimeException unchecked(Throwable t) {
            if (t instanceof RuntimeException e) {
                throw e;
            }
            if (t instanceof Error e) {
                throw e;
            }
            return new IllegalStateException(t);
        }
    }

}
