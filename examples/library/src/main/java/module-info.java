module io.linestore.example {
    requires io.linestore;
}
