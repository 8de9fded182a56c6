package io.linestore.bench;

import io.linestore.bench.data.BenchData;
import io.linestore.gen.Generator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The yardsticks for writing the generated text: a plain {@link Files#copy} of it, and data-gen
 * generating the same bytes. {@link BuildBenchmark} compares a build with the copy. Input in warm
 * page cache, output not forced.
 */
public class CopyBenchmark extends FileWrites {

    /** Lines in the file: 1,000,000 (about 100 MB). */
    @Param({"1000000"})
    public long lines;

    private Path input;
    private Path target;
    private Generator generator;

    /** Creates the benchmark state; JMH calls it. */
    public CopyBenchmark() {
    }

    /**
     * Generates the input on first use and checks that a copy and a generation give its bytes.
     *
     * @throws IOException if a file cannot be written
     */
    @Setup(Level.Trial)
    public void prepare() throws IOException {
        input = data().textFile(lines);
        generator = BenchData.generator(lines);
        target = scratch("copy").resolve("target.txt");
        copy();
        checkTarget("copy");
        generate();
        checkTarget("generate");
    }

    /**
     * Copies the input.
     *
     * @return the copy
     * @throws IOException if copying fails
     */
    @Benchmark
    public Path copy() throws IOException {
        return Files.copy(input, target, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Generates the same bytes as the input.
     *
     * @return the bytes written
     * @throws IOException if writing fails
     */
    @Benchmark
    public long generate() throws IOException {
        return generator.writeTo(target);
    }

    private void checkTarget(String operation) {
        try {
            if (Files.mismatch(input, target) != -1) {
                throw new IllegalStateException(operation + " of " + input + " wrote other bytes to " + target);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot compare " + input + " with " + target, e);
        }
    }
}
