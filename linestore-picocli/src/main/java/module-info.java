/**
 * picocli, compiled from its unchanged sources for Java 25, with the module descriptor of
 * picocli's own jar.
 */
module info.picocli {
    requires static java.sql;

    exports picocli;
}
