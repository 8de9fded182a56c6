package io.linestore.impl.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ScanPipelineTest {

    @TempDir
    Path tmp;

    static LongStream seeds() {
        return LongStream.range(0, 100);
    }

    /**
     * Random text with lines of 1 to 40 bytes (often shorter than the 8 bytes per line a block of ends
     * holds, so chunks are scanned on by the consumer), through tiny and larger chunks, from a file
     * range (two readers), from a stream (one) and from a decoder (filling direct buffers the consumer
     * copies and scans): the chunks must give back the bytes in order, every line end exactly once, and
     * the file position of each chunk.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void chunksGiveBackEveryByteAndLineEnd(long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        for (int line = random.nextInt(300); line > 0; line--) {
            text.write('x');
            for (int i = random.nextInt(random.nextBoolean() ? 3 : 40); i > 0; i--) {
                text.write('a' + random.nextInt(26));
            }
            if (line > 1 || random.nextBoolean()) {
                text.write('\n');
            }
        }
        byte[] bytes = text.toByteArray();
        int from = random.nextInt(Math.min(bytes.length, 20) + 1);
        int chunkSize = 1 + random.nextInt(random.nextBoolean() ? 16 : 512);
        Path file = Files.write(tmp.resolve("text"), bytes);
        String replay = "seed %d: chunk %d from %d of %d bytes".formatted(seed, chunkSize, from, bytes.length);

        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            Seen fromFile = new Seen(from);
            assertThat(ScanPipeline.run(ChunkSource.of(channel, file, from, bytes.length), chunkSize, fromFile))
                    .as(replay).isEqualTo(bytes.length - from);
            fromFile.check(bytes, from, true, replay);
        }
        Seen fromStream = new Seen(0);
        ScanPipeline.run(ChunkSource.of(new ByteArrayInputStream(bytes)), chunkSize, fromStream);
        fromStream.check(bytes, 0, false, replay);
        Seen decoded = new Seen(0);
        ScanPipeline.run(ChunkSource.decoding(new Decoder(bytes, random.split())), chunkSize, decoded);
        decoded.check(bytes, 0, false, replay);
    }

    /**
     * A decoder's output: the bytes in pieces of random sizes, written only into direct buffers (as
     * zlib and zstd write, into native memory).
     */
    private static class Decoder implements ReadableByteChannel {
        private final byte[] bytes;
        private final SplittableRandom random;
        private int at;

        Decoder(byte[] bytes, SplittableRandom random) {
            this.bytes = bytes;
            this.random = random;
        }

        @Override
        public int read(ByteBuffer into) {
            assertThat(into.isDirect()).as("a decoder's buffer is direct").isTrue();
            if (at == bytes.length) {
                return -1;
            }
            int n = Math.min(into.remaining(), Math.min(bytes.length - at, 1 + random.nextInt(64)));
            into.put(bytes, at, n);
            at += n;
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aFailingConsumerStopsTheReadingAndItsExceptionIsThrown() throws IOException {
        Path file = Files.write(tmp.resolve("text"), "a\nb\nc\nd\n".repeat(1000).getBytes());
        List<Long> positions = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            assertThatThrownBy(() -> ScanPipeline.run(ChunkSource.of(channel, file, 0, Files.size(file)), 16,
                    chunk -> {
                        positions.add(chunk.filePosition());
                        if (positions.size() == 3) {
                            throw new IOException("disk full");
                        }
                    })).isInstanceOf(IOException.class).hasMessage("disk full");
        }
        assertThat(positions).containsExactly(0L, 16L, 32L);
    }

    /**
     * A decoder frees its native state as soon as the pipeline is done with it: when the consumer
     * fails, the decoder's reader must have stopped before the failure is thrown on, never be left
     * decoding into a closed decoder. Checked on the test's thread: the thread that read is no longer
     * running, and no read was in progress.
     */
    @Test
    void aFailingConsumerOfADecoderReturnsOnlyOnceTheDecoderStopped() {
        byte[] text = "a line of text\n".repeat(10_000).getBytes();
        AtomicInteger decoding = new AtomicInteger();
        AtomicReference<Thread> reader = new AtomicReference<>();
        ReadableByteChannel slow = new Decoder(text, new SplittableRandom(7)) {
            @Override
            public int read(ByteBuffer into) {
                reader.set(Thread.currentThread());
                decoding.incrementAndGet();
                try {
                    Thread.sleep(1);
                    return super.read(into);
                } catch (InterruptedException e) {
                    throw new UncheckedIOException(new InterruptedIOException("stopped"));
                } finally {
                    decoding.decrementAndGet();
                }
            }
        };
        int[] chunks = {0};
        assertThatThrownBy(() -> ScanPipeline.run(ChunkSource.decoding(slow), 256, chunk -> {
            if (++chunks[0] == 2) {
                throw new IOException("disk full");
            }
        })).hasMessage("disk full");
        assertThat(decoding).as("reads in progress once the pipeline threw").hasValue(0);
        assertThat(reader.get()).as("the decoder was read").isNotNull();
        assertThat(reader.get().isAlive()).as("the decoding thread runs on after the pipeline threw").isFalse();
    }

    @Test
    void aFileShorterThanTheRangeIsAnErrorNamingIt() throws IOException {
        Path file = Files.write(tmp.resolve("short"), "a\nb\n".getBytes());
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            assertThatThrownBy(() -> ScanPipeline.run(ChunkSource.of(channel, file, 0, 10), 3, chunk -> { }))
                    .isInstanceOf(EOFException.class).hasMessageContaining(file.toString())
                    .hasMessageContaining("4 bytes");
        }
    }

    /** Collects what the chunks held. */
    private static final class Seen implements ScanPipeline.ChunkConsumer {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final List<Long> ends = new ArrayList<>();
        private final List<Long> positions = new ArrayList<>();
        private final List<Long> offsets = new ArrayList<>();
        private long offset;

        Seen(long from) {
            this.offset = from;
        }

        @Override
        public void accept(ScannedChunk chunk) {
            assertThat(chunk.length()).isPositive();
            byte[] copy = new byte[chunk.length()];
            chunk.bytes(0, chunk.length()).get(copy);
            bytes.writeBytes(copy);
            CRC32C crc = new CRC32C();
            crc.update(copy);
            assertThat(chunk.crc32c(0, chunk.length())).isEqualTo(crc.getValue());
            if (copy.length > 1) {
                crc.reset();
                crc.update(copy, 1, copy.length - 1);
                assertThat(chunk.crc32c(1, chunk.length())).isEqualTo(crc.getValue());
            }
            while (true) {
                for (int k = 0; k < chunk.ends().count(); k++) {
                    ends.add(offset + chunk.ends().end(k));
                }
                if (chunk.scanned() == chunk.length()) {
                    break;
                }
                chunk.scanOn();
            }
            positions.add(chunk.filePosition());
            offsets.add(offset);
            offset += chunk.length();
        }

        void check(byte[] expected, int from, boolean file, String replay) {
            assertThat(bytes.toByteArray()).as(replay).isEqualTo(Arrays.copyOfRange(expected, from,
                    expected.length));
            List<Long> expectedEnds = new ArrayList<>();
            for (int i = from; i < expected.length; i++) {
                if (expected[i] == '\n') {
                    expectedEnds.add(i + 1L);
                }
            }
            assertThat(ends).as(replay).isEqualTo(expectedEnds);
            if (file) {
                assertThat(positions).as(replay).isEqualTo(offsets);
            } else {
                assertThat(positions).as(replay).allMatch(p -> p == -1);
            }
        }
    }
}
