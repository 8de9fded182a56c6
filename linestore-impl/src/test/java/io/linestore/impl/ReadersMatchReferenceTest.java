package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.LineBatch;
import io.linestore.LineStore;
import io.linestore.gen.ReferenceLines;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For random bytes, random stores and random ranges, every reader returns what the reference splitter
 * does. Each case is made from its seed alone, so the seed in a failure message replays it.
 */
class ReadersMatchReferenceTest {

    /** Bytes that exercise the semantics: terminators, carriage returns, UTF-8 fragments, NUL. */
    private static final byte[] ALPHABET = {'a', 'b', '\n', '\n', '\r', 0, (byte) 0xC3, (byte) 0xA9, (byte) 0xE2,
            (byte) 0x82, (byte) 0xAC, (byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80, (byte) 0xFF};
    private static final int MAX_TEXT = 120;
    private static final int MAX_LINE_NUMBER = 40;
    private static final List<StoreConfig> CONFIGS = StoreConfig.all();

    static LongStream seeds() {
        return LongStream.range(0, 300);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void everyReaderEqualsTheReferenceSplitter(long seed, @TempDir(factory = MemoryTempDirs.class) Path dir) {
        SplittableRandom random = new SplittableRandom(seed);
        // Every configuration in turn, so 300 cases cover each of them several times.
        StoreConfig config = CONFIGS.get((int) (seed % CONFIGS.size()));
        byte[] input = text(random);
        int offset = lineNumber(random);
        int size = lineNumber(random);
        String replay = "seed %d: %s, offset=%d, size=%d, input=%s".formatted(seed, config, offset, size,
                HexFormat.of().formatHex(input));
        try (LineStore store = config.build(input, dir.resolve("store"))) {
            assertThat(store.read(offset, size)).as(replay)
                    .isEqualTo(ReferenceLines.range(ReferenceLines.strings(input), offset, size));
            List<byte[]> bytes = new ArrayList<>();
            store.readBytes(offset, size, (number, line) -> {
                byte[] copy = new byte[line.remaining()];
                line.duplicate().get(copy);
                bytes.add(copy);
            });
            assertThat(bytes).as(replay).containsExactlyElementsOf(
                    ReferenceLines.range(ReferenceLines.split(input), offset, size));
            LineBatch batch = new LineBatch(0, 0);
            store.read(offset, size, batch);
            List<byte[]> batched = new ArrayList<>();
            for (int i = 0; i < batch.size(); i++) {
                batched.add(Arrays.copyOfRange(batch.bytes(), batch.start(i), batch.end(i)));
            }
            assertThat(batched).as(replay).containsExactlyElementsOf(
                    ReferenceLines.range(ReferenceLines.split(input), offset, size));
        }
    }

    /** Up to {@value #MAX_TEXT} bytes of the alphabet; empty and one-byte texts come up often. */
    private static byte[] text(SplittableRandom random) {
        int length = switch (random.nextInt(10)) {
            case 0 -> 0;
            case 1 -> 1;
            case 2 -> MAX_TEXT;
            default -> random.nextInt(MAX_TEXT + 1);
        };
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return bytes;
    }

    /** An offset or size in {@code [0, 40]}, mostly small: texts of up to 120 bytes hold few lines. */
    private static int lineNumber(SplittableRandom random) {
        return random.nextInt(4) == 0 ? random.nextInt(MAX_LINE_NUMBER + 1) : random.nextInt(8);
    }
}
