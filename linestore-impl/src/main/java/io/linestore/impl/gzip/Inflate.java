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
import java.lang.invoke.VarHandle;
import java.util.Locale;

/**
 * One zlib inflate stream, called through {@code java.lang.foreign}: the operating system's zlib, the
 * library the JDK's {@link java.util.zip.Inflater} wraps, with the three calls that class does not
 * offer and random access into a deflate stream needs ({@code Z_BLOCK} to stop at the end of each
 * deflate block and learn its bit position, {@code inflatePrime} to start inside a byte, and
 * {@code inflateGetDictionary} to take the 32 KiB window there). The stream, its input and its output
 * live in the caller's arena. Not thread-safe; {@link #close()} frees zlib's state, before the arena
 * closes.
 */
final class Inflate implements AutoCloseable {

    /** {@code windowBits} for a raw deflate stream. */
    static final int RAW = -15;
    /** {@code windowBits} for gzip members (header and trailer checked). */
    static final int GZIP = 31;

    static final int Z_OK = 0;
    static final int Z_STREAM_END = 1;
    static final int Z_NEED_DICT = 2;
    static final int Z_BUF_ERROR = -5;
    static final int Z_NO_FLUSH = 0;
    static final int Z_BLOCK = 5;

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

    private static final VarHandle NEXT_IN = field("next_in");
    private static final VarHandle AVAIL_IN = field("avail_in");
    private static final VarHandle NEXT_OUT = field("next_out");
    private static final VarHandle AVAIL_OUT = field("avail_out");
    private static final VarHandle MSG = field("msg");
    private static final VarHandle DATA_TYPE = field("data_type");

    private final MemorySegment stream;
    private final MemorySegment length;
    private boolean initialised;

    /**
     * A stream ready to inflate.
     *
     * @param arena where the stream lives; outlives it
     * @param windowBits {@link #RAW} or {@link #GZIP}
     * @throws UnsupportedOperationException if the system has no zlib
     */
    Inflate(Arena arena, int windowBits) {
        stream = arena.allocate(Z_STREAM);
        length = arena.allocate(ValueLayout.JAVA_INT);
        int code;
        try {
            code = (int) Native.INIT.invokeExact(stream, windowBits, Native.VERSION, (int) Z_STREAM.byteSize());
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
        check(code, "init");
        initialised = true;
    }

    /**
     * Starts a new stream, keeping zlib's memory.
     *
     * @param windowBits {@link #RAW} or {@link #GZIP}
     */
    void reset(int windowBits) {
        try {
            check((int) Native.RESET.invokeExact(stream, windowBits), "reset");
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * Sets the input.
     *
     * @param from the compressed bytes; must stay alive while inflating
     * @param bytes how many
     */
    void input(MemorySegment from, int bytes) {
        NEXT_IN.set(stream, 0L, from);
        AVAIL_IN.set(stream, 0L, bytes);
    }

    /**
     * Sets where the output goes.
     *
     * @param into the room; must stay alive while inflating
     * @param bytes how many bytes of room
     */
    void output(MemorySegment into, int bytes) {
        NEXT_OUT.set(stream, 0L, into);
        AVAIL_OUT.set(stream, 0L, bytes);
    }

    int availableInput() {
        return (int) AVAIL_IN.get(stream, 0L);
    }

    int availableOutput() {
        return (int) AVAIL_OUT.get(stream, 0L);
    }

    /**
     * After {@link #Z_BLOCK}: the unused bits of the last input byte (low 3 bits), 64 while in the
     * last block of a deflate stream, 128 right after a block or a gzip header ends.
     */
    int dataType() {
        return (int) DATA_TYPE.get(stream, 0L);
    }

    /**
     * Inflates until the input or the output runs out, the stream ends, or (with {@link #Z_BLOCK}) a
     * block ends.
     *
     * @param flush {@link #Z_NO_FLUSH} or {@link #Z_BLOCK}
     * @return zlib's code: {@link #Z_OK}, {@link #Z_STREAM_END}, {@link #Z_BUF_ERROR} (no progress
     *     possible), or a negative error
     */
    int inflate(int flush) {
        try {
            return (int) Native.INFLATE.invokeExact(stream, flush);
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * Feeds the stream the high bits of the byte before a block that starts inside it.
     *
     * @param bits how many, 1 to 7
     * @param value those bits, in the low {@code bits} bits
     */
    void prime(int bits, int value) {
        try {
            check((int) Native.PRIME.invokeExact(stream, bits, value), "prime");
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * Sets the window a raw stream resumed mid-way refers back into.
     *
     * @param window the bytes before the resume point
     * @param bytes how many, at most {@link #WINDOW}
     */
    void dictionary(MemorySegment window, int bytes) {
        try {
            check((int) Native.SET_DICTIONARY.invokeExact(stream, window, bytes), "set dictionary");
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * Copies the window: the last (up to) {@link #WINDOW} bytes of output of the current member.
     *
     * @param into room for {@link #WINDOW} bytes
     * @return how many were copied
     */
    int window(MemorySegment into) {
        try {
            check((int) Native.GET_DICTIONARY.invokeExact(stream, into, length), "get dictionary");
        } catch (Throwable t) {
            throw Native.rethrow(t);
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
        MemorySegment msg = (MemorySegment) MSG.get(stream, 0L);
        if (!msg.equals(MemorySegment.NULL)) {
            return msg.reinterpret(256).getString(0);
        }
        return switch (code) {
            case Z_BUF_ERROR -> "the data ends early";
            case Z_NEED_DICT -> "a preset dictionary is needed";
            default -> "zlib error " + code;
        };
    }

    private void check(int code, String what) {
        if (code != Z_OK) {
            throw new IllegalStateException("zlib " + what + " failed: " + message(code));
        }
    }

    @Override
    public void close() {
        if (initialised) {
            initialised = false;
            try {
                int ignored = (int) Native.END.invokeExact(stream);
            } catch (Throwable t) {
                throw Native.rethrow(t);
            }
        }
    }

    private static VarHandle field(String name) {
        return Z_STREAM.varHandle(MemoryLayout.PathElement.groupElement(name));
    }

    /**
     * Starts making, on a daemon thread, the calls of the zlib functions' shapes: the Linker keeps
     * them, so that looking the functions up when the first stream is made only binds them (most of
     * a short index's start-up otherwise). Linking fails only there, with its message.
     */
    @SuppressWarnings("restricted") // a call's shape only; zlib is called through Native
    static void linkInBackground() {
        if (!Inflate.class.getModule().isNativeAccessEnabled()) {
            return; // indexing says why it cannot call zlib
        }
        Thread.ofPlatform().daemon().name("linestore-zlib-link").start(() -> {
            try {
                Linker linker = Linker.nativeLinker();
                for (FunctionDescriptor shape : Shapes.ALL) {
                    linker.downcallHandle(shape);
                }
            } catch (RuntimeException e) {
                // Only a head start: Native links again when the first stream is made, and reports it.
            }
        });
    }

    /** The shapes of the zlib functions called, each once. */
    private static final class Shapes {

        static final ValueLayout ADDRESS = ValueLayout.ADDRESS;
        static final ValueLayout INT = ValueLayout.JAVA_INT;
        static final FunctionDescriptor INIT = FunctionDescriptor.of(INT, ADDRESS, INT, ADDRESS, INT);
        static final FunctionDescriptor STREAM_INT = FunctionDescriptor.of(INT, ADDRESS, INT);
        static final FunctionDescriptor STREAM = FunctionDescriptor.of(INT, ADDRESS);
        static final FunctionDescriptor PRIME = FunctionDescriptor.of(INT, ADDRESS, INT, INT);
        static final FunctionDescriptor SET_DICTIONARY = FunctionDescriptor.of(INT, ADDRESS, ADDRESS, INT);
        static final FunctionDescriptor GET_DICTIONARY = FunctionDescriptor.of(INT, ADDRESS, ADDRESS, ADDRESS);
        static final FunctionDescriptor VERSION = FunctionDescriptor.of(ADDRESS);
        static final FunctionDescriptor[] ALL = {INIT, STREAM_INT, STREAM, PRIME, SET_DICTIONARY, GET_DICTIONARY,
            VERSION};

        private Shapes() {
        }
    }

    /** The zlib functions, looked up once, when the first stream is made. */
    @SuppressWarnings("restricted") // calling zlib is the point; the launcher enables native access
    private static final class Native {

        static final MethodHandle INIT;
        static final MethodHandle RESET;
        static final MethodHandle INFLATE;
        static final MethodHandle END;
        static final MethodHandle PRIME;
        static final MethodHandle SET_DICTIONARY;
        static final MethodHandle GET_DICTIONARY;
        static final MemorySegment VERSION;

        static {
            SymbolLookup zlib = library();
            Linker linker = Linker.nativeLinker();
            INIT = handle(linker, zlib, "inflateInit2_", Shapes.INIT);
            RESET = handle(linker, zlib, "inflateReset2", Shapes.STREAM_INT);
            INFLATE = handle(linker, zlib, "inflate", Shapes.STREAM_INT);
            END = handle(linker, zlib, "inflateEnd", Shapes.STREAM);
            PRIME = handle(linker, zlib, "inflatePrime", Shapes.PRIME);
            SET_DICTIONARY = handle(linker, zlib, "inflateSetDictionary", Shapes.SET_DICTIONARY);
            GET_DICTIONARY = handle(linker, zlib, "inflateGetDictionary", Shapes.GET_DICTIONARY);
            MethodHandle version = handle(linker, zlib, "zlibVersion", Shapes.VERSION);
            try {
                // zlib checks that the caller was built against its major version; it is its own.
                VERSION = ((MemorySegment) version.invokeExact()).reinterpret(64);
            } catch (Throwable t) {
                throw new ExceptionInInitializerError(t);
            }
        }

        private Native() {
        }

        private static SymbolLookup library() {
            String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
            String name = os.contains("mac") ? "libz.dylib" : "libz.so.1";
            try {
                return SymbolLookup.libraryLookup(name, Arena.global());
            } catch (IllegalArgumentException e) {
                throw new UnsupportedOperationException("reading gzip files in place needs the system's zlib ("
                        + name + "), which was not found", e);
            }
        }

        private static MethodHandle handle(Linker linker, SymbolLookup zlib, String name, FunctionDescriptor type) {
            MemorySegment symbol = zlib.find(name).orElseThrow(() -> new UnsupportedOperationException(
                    "the system's zlib has no " + name + " (zlib 1.2.9 or later is needed)"));
            return linker.downcallHandle(symbol, type);
        }

        /** A failure inside a downcall: only unchecked ones can happen (the handles declare none). */
        static RuntimeException rethrow(Throwable t) {
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
