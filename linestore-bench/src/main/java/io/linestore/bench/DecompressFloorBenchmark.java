package io.linestore.bench;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import io.linestore.Compression;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.bench.config.Position;
import io.linestore.bench.data.BenchData;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor of a cold compressed read ({@link CompressedReadBenchmark}): zstd-jni decompressing, from
 * memory into a reused array, the frames that hold the text of the same ranges, cut into blocks of the
 * default size from each range's first byte (so as few blocks as the range can span; the store's may
 * be one more). No file, no index, no lines.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class DecompressFloorBenchmark extends DataBenchmark {

    /** Ranges decompressed in turn. */
    private static final int RANGES = 64;

    /** Lines in the store whose ranges are taken. */
    @Param({"2000000"})
    public long lines;

    /** Lines per range. */
    @Param({"1", "100", "10000"})
    public int rangeSize;

    private final List<byte[][]> frames = new ArrayList<>();
    private final List<int[]> sizes = new ArrayList<>();
    private ZstdDecompressCtx context;
    private byte[] into;
    private int next;

    /** Creates the benchmark state; JMH calls it. */
    public DecompressFloorBenchmark() {
    }

    /** Compresses the text of each range into frames of the default block size. */
    @Setup
    public void setUp() {
        int block = Compression.DEFAULT_BLOCK_BYTES;
        long[] offsets = Position.RANDOM.offsets(lines, rangeSize, BenchData.SEED);
        try (LineStore plain = LineStores.open(data().logStore(lines, Compression.NONE));
                ZstdCompressCtx compress = new ZstdCompressCtx()) {
            compress.setLevel(Compression.DEFAULT_ZSTD_LEVEL);
            compress.setChecksum(true);
            for (int r = 0; r < RANGES; r++) {
                ByteArrayOutputStream text = new ByteArrayOutputStream();
                plain.readBytes(offsets[r], rangeSize, (number, line) -> {
                    byte[] bytes = new byte[line.remaining()];
                    line.duplicate().get(bytes);
                    text.writeBytes(bytes);
                    text.write('\n');
                });
                byte[] all = text.toByteArray();
                int count = Math.max(1, Math.ceilDiv(all.length, block));
                byte[][] compressed = new byte[count][];
                int[] textSizes = new int[count];
                for (int f = 0; f < count; f++) {
                    int from = f * block;
                    int to = Math.min(all.length, from + block);
                    byte[] out = new byte[(int) Zstd.compressBound(to - from)];
                    int n = compress.compressByteArray(out, 0, out.length, all, from, to - from);
                    compressed[f] = Arrays.copyOf(out, n);
                    textSizes[f] = to - from;
                }
                frames.add(compressed);
                sizes.add(textSizes);
            }
        }
        context = new ZstdDecompressCtx();
        into = new byte[block];
    }

    /**
     * Decompresses the next range's frames.
     *
     * @return bytes of text
     */
    @Benchmark
    public long decompress() {
        int r = next++ % RANGES;
        byte[][] compressed = frames.get(r);
        int[] textSizes = sizes.get(r);
        long total = 0;
        for (int f = 0; f < compressed.length; f++) {
            total += context.decompressByteArray(into, 0, textSizes[f], compressed[f], 0, compressed[f].length);
        }
        return total;
    }

    /** Releases the zstd context. */
    @TearDown
    public void close() {
        context.close();
    }
}
