package io.linestore.gen;

import io.linestore.cli.common.OptionNames;
import io.linestore.ProgressListener;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Objects;

/**
 * Deterministic, self-verifying test data: a sequence of lines whose bytes are a pure function of
 * (seed, options, line number). The same options give byte-identical output on every machine and
 * for every thread count, and {@link #expectedLine(long)} returns any line without generating the
 * others. Every non-empty line carries its number and a checksum,
 *
 * <pre>{@code 0000000042 <payload> #3f2a91c0}</pre>
 *
 * <p>so {@link LineCheck} verifies a line read back without the source file (the exact format is
 * described there). Empty lines appear at the chosen ratio and carry nothing.
 *
 * <p>The output holds either exactly {@link Builder#lines(long)} lines or, with
 * {@link Builder#size(long)}, the fewest lines whose bytes reach the target (it overshoots by less
 * than one line). Line counts follow the linestore semantics: lines end with {@code \n} or
 * {@code \r\n}; without a final newline the last line has no terminator and is never empty, so the
 * count is the same either way. No line ever contains {@code \r} or {@code \n}.
 *
 * <p>Instances are immutable and thread-safe. Building one costs a 1 MiB character pool, a 256 KiB
 * table for normal and log-normal lengths and, with {@link Builder#size(long)}, one pass over the
 * line lengths (a few nanoseconds per line) to find the line count.
 */
public final class Generator {

    /** Room for a typical line; a longer one grows the buffer once. */
    private static final int EXPECTED_LINE_CAPACITY = 256;

    private final LinePlan plan;
    private final long lineCount;
    private final long linesPerBlock;
    private final int threads;
    private final String description;

    private Generator(Builder builder, LinePlan plan, long lineCount) {
        this.plan = plan;
        this.lineCount = lineCount;
        this.linesPerBlock = linesPerBlock(plan);
        this.threads = builder.threads;
        this.description = builder.description(lineCount);
    }

    /**
     * Starts a generator with the defaults: seed 1, {@code uniform:32:160} lengths, no empty lines,
     * ASCII, LF endings, a final newline, one thread per processor. One of
     * {@link Builder#lines(long)} or {@link Builder#size(long)} must be set.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns how many lines the output holds.
     *
     * @return the line count, counted as the linestore semantics count lines
     */
    public long lineCount() {
        return lineCount;
    }

    /**
     * Returns how many bytes the output holds. Sums the line lengths: a few nanoseconds per line.
     *
     * @return the exact size of the output in bytes
     */
    public long byteCount() {
        long bytes = 0;
        for (long i = 0; i < lineCount; i++) {
            bytes += plan.lineBytes(i, i == lineCount - 1);
        }
        return bytes;
    }

    /**
     * Returns the content of line {@code i} as the linestore readers return it.
     *
     * @param i a line number in {@code [0, lineCount())}
     * @return the line without its terminator, decoded as UTF-8
     * @throws IndexOutOfBoundsException if {@code i} is outside {@code [0, lineCount())}
     */
    public String expectedLine(long i) {
        return new String(expectedLineBytes(i), StandardCharsets.UTF_8);
    }

    /**
     * Returns the bytes of line {@code i} as the byte-level linestore API hands them out.
     *
     * @param i a line number in {@code [0, lineCount())}
     * @return a new array with the line's content, without its terminator
     * @throws IndexOutOfBoundsException if {@code i} is outside {@code [0, lineCount())}
     */
    public byte[] expectedLineBytes(long i) {
        Objects.checkIndex(i, lineCount);
        Block block = new Block(EXPECTED_LINE_CAPACITY);
        int content = plan.write(i, i == lineCount - 1, block, new LineScratch());
        return Arrays.copyOf(block.bytes(), content);
    }

    /**
     * Writes the output to {@code file}, replacing it if it exists.
     *
     * @param file the file to write
     * @return the number of bytes written
     * @throws IOException if the file cannot be written
     */
    public long writeTo(Path file) throws IOException {
        return writeTo(file, ProgressListener.NONE);
    }

    /**
     * Writes the output to {@code file}, replacing it if it exists, and reports progress.
     *
     * @param file the file to write
     * @param progress told after each block of about 1 MiB, from the calling thread
     * @return the number of bytes written
     * @throws IOException if the file cannot be written
     */
    public long writeTo(Path file, ProgressListener progress) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            return pipeline().run((bytes, length) -> {
                ByteBuffer buffer = ByteBuffer.wrap(bytes, 0, length);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            }, progress);
        }
    }

    /**
     * Writes the output to {@code out} and flushes it; does not close it.
     *
     * @param out the stream to write to
     * @return the number of bytes written
     * @throws IOException if the stream fails
     */
    public long writeTo(OutputStream out) throws IOException {
        return writeTo(out, ProgressListener.NONE);
    }

    /**
     * Writes the output to {@code out}, flushes it and reports progress; does not close it.
     *
     * @param out the stream to write to
     * @param progress told after each block of about 1 MiB, from the calling thread
     * @return the number of bytes written
     * @throws IOException if the stream fails
     */
    public long writeTo(OutputStream out, ProgressListener progress) throws IOException {
        long bytes = pipeline().run((buffer, length) -> out.write(buffer, 0, length), progress);
        out.flush();
        return bytes;
    }

    /** Describes the options, for example {@code lines=1000 seed=1 length=uniform:32:160 ...}. */
    @Override
    public String toString() {
        return description;
    }

    private BlockPipeline pipeline() {
        return new BlockPipeline(this::fill, lineCount, linesPerBlock, threads);
    }

    private void fill(Block block, long from, long to, LineScratch scratch) {
        block.clear();
        for (long i = from; i < to; i++) {
            plan.write(i, i == lineCount - 1, block, scratch);
        }
    }

    /** Picks a block size in lines that makes blocks about 1 MiB; it has no effect on the output. */
    private static long linesPerBlock(LinePlan plan) {
        int sample = 1024;
        long bytes = 0;
        for (int i = 0; i < sample; i++) {
            bytes += plan.lineBytes(i, false);
        }
        return Math.max(1, (long) Block.TARGET_BYTES * sample / Math.max(1, bytes));
    }

    /**
     * The options of a {@link Generator}. Not thread-safe; {@link #build()} validates all options at
     * once.
     */
    public static final class Builder {

        private Long lines;
        private Long size;
        private long seed = 1;
        private LengthDistribution lengths = LengthDistribution.uniform(32, 160);
        private double emptyRatio;
        private ContentCharset charset = ContentCharset.ASCII;
        private ContentKind content = ContentKind.RANDOM;
        private LineEnding lineEnding = LineEnding.LF;
        private boolean finalNewline = true;
        private int threads = Runtime.getRuntime().availableProcessors();

        private Builder() {
        }

        /**
         * Makes the output exactly {@code lines} lines; replaces any {@link #size(long)}.
         *
         * @param lines 0 or more
         * @return this builder
         */
        public Builder lines(long lines) {
            this.lines = lines;
            this.size = null;
            return this;
        }

        /**
         * Makes the output about {@code bytes} bytes: the fewest lines that reach it; replaces any
         * {@link #lines(long)}.
         *
         * @param bytes 0 or more
         * @return this builder
         */
        public Builder size(long bytes) {
            this.size = bytes;
            this.lines = null;
            return this;
        }

        /**
         * Sets the seed every choice is derived from.
         *
         * @param seed any value
         * @return this builder
         */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /**
         * Sets the distribution of content lengths of non-empty lines.
         *
         * @param lengths the distribution; lengths below the frame's minimum (21 bytes up to line
         *     10^10) are raised to it
         * @return this builder
         */
        public Builder lengths(LengthDistribution lengths) {
            this.lengths = Objects.requireNonNull(lengths, "lengths");
            return this;
        }

        /**
         * Sets the share of empty lines.
         *
         * @param ratio 0 to 1
         * @return this builder
         */
        public Builder emptyRatio(double ratio) {
            this.emptyRatio = ratio;
            return this;
        }

        /**
         * Sets the characters of the payload.
         *
         * @param charset ASCII or UTF-8
         * @return this builder
         */
        public Builder charset(ContentCharset charset) {
            this.charset = Objects.requireNonNull(charset, "charset");
            return this;
        }

        /**
         * Sets what the payload reads like: random characters (the default), log records or JSON
         * records. Log and JSON content is ASCII.
         *
         * @param content the kind of content
         * @return this builder
         */
        public Builder content(ContentKind content) {
            this.content = Objects.requireNonNull(content, "content");
            return this;
        }

        /**
         * Sets the line terminator.
         *
         * @param lineEnding LF, CRLF or mixed
         * @return this builder
         */
        public Builder lineEnding(LineEnding lineEnding) {
            this.lineEnding = Objects.requireNonNull(lineEnding, "lineEnding");
            return this;
        }

        /**
         * Sets whether the last line ends with a terminator.
         *
         * @param finalNewline false to leave the last line unterminated
         * @return this builder
         */
        public Builder finalNewline(boolean finalNewline) {
            this.finalNewline = finalNewline;
            return this;
        }

        /**
         * Sets how many threads generate; the output does not depend on it.
         *
         * @param threads 1 or more
         * @return this builder
         */
        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        /**
         * Validates the options and makes the generator.
         *
         * @return a new generator
         * @throws IllegalArgumentException naming the first bad option and its value
         */
        public Generator build() {
            if (lines == null && size == null) {
                throw new IllegalArgumentException("set a line count or a size");
            }
            if (lines != null && lines < 0) {
                throw new IllegalArgumentException("line count " + lines + " is negative");
            }
            if (size != null && size < 0) {
                throw new IllegalArgumentException("size " + size + " is negative");
            }
            if (!(emptyRatio >= 0 && emptyRatio <= 1)) {
                throw new IllegalArgumentException("empty ratio " + emptyRatio + " is outside [0, 1]");
            }
            if (threads < 1) {
                throw new IllegalArgumentException("threads " + threads + " is less than 1");
            }
            if (content != ContentKind.RANDOM && charset != ContentCharset.ASCII) {
                throw new IllegalArgumentException(OptionNames.of(content) + " content is ASCII; charset "
                        + OptionNames.of(charset) + " goes with random content");
            }
            LinePlan plan = new LinePlan(seed, lengths, emptyRatio, charset, content, lineEnding, finalNewline);
            return new Generator(this, plan, lines != null ? lines : linesForSize(plan, size));
        }

        private String description(long lineCount) {
            return "lines=" + lineCount + (size != null ? " size=" + size : "") + " seed=" + seed
                    + " length=" + lengths + " empty-ratio=" + emptyRatio
                    + " charset=" + OptionNames.of(charset)
                    + (content == ContentKind.RANDOM ? "" : " content=" + OptionNames.of(content))
                    + " line-ending=" + OptionNames.of(lineEnding)
                    + " final-newline=" + finalNewline;
        }

        private static long linesForSize(LinePlan plan, long target) {
            long lines = 0;
            for (long bytes = 0; bytes < target; lines++) {
                bytes += plan.lineBytes(lines, false);
            }
            return lines;
        }
    }
}
