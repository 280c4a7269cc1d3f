	.text
	.file	"-"
	.globl	_Z12matmul_tiledlllPKfS0_Pf     # -- Begin function _Z12matmul_tiledlllPKfS0_Pf
	.p2align	4, 0x90
	.type	_Z12matmul_tiledlllPKfS0_Pf,@function
_Z12matmul_tiledlllPKfS0_Pf:            # @_Z12matmul_tiledlllPKfS0_Pf
	.cfi_startproc
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%r13
	.cfi_def_cfa_offset 40
	pushq	%r12
	.cfi_def_cfa_offset 48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	subq	$520, %rsp                      # imm = 0x208
	.cfi_def_cfa_offset 576
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	movq	%rdx, %r15
	movq	%rsi, %rdx
	imulq	%rdi, %rdx
	movq	%r9, %rbx
	movq	%r8, %r14
	movq	%rcx, 496(%rsp)                 # 8-byte Spill
	movq	%rsi, %rbp
	movq	%rdi, %r12
	testq	%rdx, %rdx
	je	.LBB0_2
# %bb.1:
	shlq	$2, %rdx
	movq	%rbx, %rdi
	xorl	%esi, %esi
	callq	memset@PLT
.LBB0_2:
	testq	%r12, %r12
	jle	.LBB0_20
# %bb.3:
	testq	%r15, %r15
	jle	.LBB0_20
# %bb.4:
	testq	%rbp, %rbp
	jle	.LBB0_20
# %bb.5:
	movq	%rbp, %rax
	shlq	$4, %rax
	movl	$16, %ecx
	xorl	%edx, %edx
	movq	%rbx, 16(%rsp)                  # 8-byte Spill
	movq	%rbx, 328(%rsp)                 # 8-byte Spill
	movq	%r15, 320(%rsp)                 # 8-byte Spill
	movq	%rbp, 176(%rsp)                 # 8-byte Spill
	movq	%r12, 224(%rsp)                 # 8-byte Spill
	movq	%r14, 400(%rsp)                 # 8-byte Spill
	movq	%rax, 208(%rsp)                 # 8-byte Spill
	movq	%rbp, %rax
	shlq	$5, %rax
	movq	%rax, 248(%rsp)                 # 8-byte Spill
	leaq	1984(%rbx), %rax
	movq	%rax, 56(%rsp)                  # 8-byte Spill
	movq	%rbp, %rax
	shlq	$6, %rax
	movq	%rax, 216(%rsp)                 # 8-byte Spill
	leaq	(,%rbp,4), %rax
	movq	%rax, 184(%rsp)                 # 8-byte Spill
	leaq	1984(%r14), %rax
	movq	%rax, 200(%rsp)                 # 8-byte Spill
	movq	%rbp, %rax
	shlq	$7, %rax
	movq	%rax, 256(%rsp)                 # 8-byte Spill
	leaq	192(%r14), %rax
	movq	%rax, 192(%rsp)                 # 8-byte Spill
	leaq	128(%rbx), %rax
	movq	%rax, 48(%rsp)                  # 8-byte Spill
	xorl	%eax, %eax
	movq	%rax, 40(%rsp)                  # 8-byte Spill
	jmp	.LBB0_6
	.p2align	4, 0x90
.LBB0_19:                               #   in Loop: Header=BB0_6 Depth=1
	movq	216(%rsp), %rax                 # 8-byte Reload
	movq	240(%rsp), %rcx                 # 8-byte Reload
	incq	40(%rsp)                        # 8-byte Folded Spill
	movq	224(%rsp), %r12                 # 8-byte Reload
	addq	%rax, 56(%rsp)                  # 8-byte Folded Spill
	addq	%rax, 48(%rsp)                  # 8-byte Folded Spill
	addq	%rax, 16(%rsp)                  # 8-byte Folded Spill
	movq	232(%rsp), %rax                 # 8-byte Reload
	addq	$16, %rcx
	movq	%rax, %rdx
	cmpq	%r12, %rax
	jge	.LBB0_20
.LBB0_6:                                # =>This Loop Header: Depth=1
                                        #     Child Loop BB0_8 Depth 2
                                        #       Child Loop BB0_10 Depth 3
                                        #         Child Loop BB0_12 Depth 4
                                        #           Child Loop BB0_13 Depth 5
                                        #             Child Loop BB0_24 Depth 6
                                        #             Child Loop BB0_27 Depth 6
                                        #             Child Loop BB0_31 Depth 6
                                        #             Child Loop BB0_35 Depth 6
                                        #             Child Loop BB0_37 Depth 6
	leaq	16(%rdx), %rax
	cmpq	%rcx, %r12
	movq	%rcx, 240(%rsp)                 # 8-byte Spill
	movq	%rdx, 288(%rsp)                 # 8-byte Spill
	cmovlq	%r12, %rcx
	cmpq	%r12, %rax
	movq	%rax, 232(%rsp)                 # 8-byte Spill
	cmovgq	%r12, %rax
	movq	%rcx, 336(%rsp)                 # 8-byte Spill
	cmpq	%rax, %rdx
	jge	.LBB0_19
# %bb.7:                                #   in Loop: Header=BB0_6 Depth=1
	movq	208(%rsp), %rax                 # 8-byte Reload
	movl	$32, %ecx
	xorl	%edx, %edx
	movq	%r14, 24(%rsp)                  # 8-byte Spill
	imulq	40(%rsp), %rax                  # 8-byte Folded Reload
	movq	%rax, 280(%rsp)                 # 8-byte Spill
	movq	192(%rsp), %rax                 # 8-byte Reload
	movq	%rax, 80(%rsp)                  # 8-byte Spill
	movq	200(%rsp), %rax                 # 8-byte Reload
	movq	%rax, 72(%rsp)                  # 8-byte Spill
	xorl	%eax, %eax
	movq	%rax, 64(%rsp)                  # 8-byte Spill
	jmp	.LBB0_8
	.p2align	4, 0x90
.LBB0_18:                               #   in Loop: Header=BB0_8 Depth=2
	movq	256(%rsp), %rax                 # 8-byte Reload
	movq	272(%rsp), %rcx                 # 8-byte Reload
	incq	64(%rsp)                        # 8-byte Folded Spill
	addq	%rax, 72(%rsp)                  # 8-byte Folded Spill
	addq	%rax, 80(%rsp)                  # 8-byte Folded Spill
	addq	%rax, 24(%rsp)                  # 8-byte Folded Spill
	movq	264(%rsp), %rax                 # 8-byte Reload
	addq	$32, %rcx
	movq	%rax, %rdx
	cmpq	%r15, %rax
	jge	.LBB0_19
.LBB0_8:                                #   Parent Loop BB0_6 Depth=1
                                        # =>  This Loop Header: Depth=2
                                        #       Child Loop BB0_10 Depth 3
                                        #         Child Loop BB0_12 Depth 4
                                        #           Child Loop BB0_13 Depth 5
                                        #             Child Loop BB0_24 Depth 6
                                        #             Child Loop BB0_27 Depth 6
                                        #             Child Loop BB0_31 Depth 6
                                        #             Child Loop BB0_35 Depth 6
                                        #             Child Loop BB0_37 Depth 6
	leaq	32(%rdx), %rax
	cmpq	%rcx, %r15
	movq	%rcx, 272(%rsp)                 # 8-byte Spill
	cmovlq	%r15, %rcx
	cmpq	%r15, %rax
	movq	%rax, 264(%rsp)                 # 8-byte Spill
	cmovgq	%r15, %rax
	movq	%rcx, 504(%rsp)                 # 8-byte Spill
	cmpq	%rax, %rdx
	jge	.LBB0_18
# %bb.9:                                #   in Loop: Header=BB0_8 Depth=2
	movq	248(%rsp), %rax                 # 8-byte Reload
	movl	$64, %r11d
	xorl	%ecx, %ecx
	movq	$-64, 128(%rsp)                 # 8-byte Folded Spill
	movq	%rdx, 344(%rsp)                 # 8-byte Spill
	imulq	64(%rsp), %rax                  # 8-byte Folded Reload
	movq	%rax, 296(%rsp)                 # 8-byte Spill
	movq	16(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 120(%rsp)                 # 8-byte Spill
	movq	24(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 152(%rsp)                 # 8-byte Spill
	xorl	%eax, %eax
	movq	%rax, 112(%rsp)                 # 8-byte Spill
	movq	48(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 104(%rsp)                 # 8-byte Spill
	movq	80(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 144(%rsp)                 # 8-byte Spill
	movq	72(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 136(%rsp)                 # 8-byte Spill
	movq	56(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 96(%rsp)                  # 8-byte Spill
	xorl	%eax, %eax
	movq	%rax, 88(%rsp)                  # 8-byte Spill
	jmp	.LBB0_10
	.p2align	4, 0x90
.LBB0_40:                               #   in Loop: Header=BB0_10 Depth=3
	movq	312(%rsp), %r11                 # 8-byte Reload
	movq	304(%rsp), %rax                 # 8-byte Reload
	incq	88(%rsp)                        # 8-byte Folded Spill
	addq	$256, 96(%rsp)                  # 8-byte Folded Spill
                                        # imm = 0x100
	addq	$256, 136(%rsp)                 # 8-byte Folded Spill
                                        # imm = 0x100
	addq	$-64, 128(%rsp)                 # 8-byte Folded Spill
	addq	$256, 144(%rsp)                 # 8-byte Folded Spill
                                        # imm = 0x100
	addq	$256, 104(%rsp)                 # 8-byte Folded Spill
                                        # imm = 0x100
	addq	$-64, 112(%rsp)                 # 8-byte Folded Spill
	addq	$256, 152(%rsp)                 # 8-byte Folded Spill
                                        # imm = 0x100
	addq	$256, 120(%rsp)                 # 8-byte Folded Spill
                                        # imm = 0x100
	addq	$64, %r11
	movq	%rax, %rcx
	cmpq	%rbp, %rax
	jge	.LBB0_18
.LBB0_10:                               #   Parent Loop BB0_6 Depth=1
                                        #     Parent Loop BB0_8 Depth=2
                                        # =>    This Loop Header: Depth=3
                                        #         Child Loop BB0_12 Depth 4
                                        #           Child Loop BB0_13 Depth 5
                                        #             Child Loop BB0_24 Depth 6
                                        #             Child Loop BB0_27 Depth 6
                                        #             Child Loop BB0_31 Depth 6
                                        #             Child Loop BB0_35 Depth 6
                                        #             Child Loop BB0_37 Depth 6
	leaq	64(%rcx), %rax
	cmpq	%r11, %rbp
	movq	%r11, 312(%rsp)                 # 8-byte Spill
	movq	%rcx, 32(%rsp)                  # 8-byte Spill
	cmovlq	%rbp, %r11
	cmpq	%rax, %rbp
	movq	%rax, %rsi
	movq	%rax, 304(%rsp)                 # 8-byte Spill
	cmovlq	%rbp, %rsi
	cmovlq	%rbp, %rax
	cmpq	%rax, %rcx
	jge	.LBB0_40
# %bb.11:                               #   in Loop: Header=BB0_10 Depth=3
	movq	112(%rsp), %rax                 # 8-byte Reload
	movq	88(%rsp), %r8                   # 8-byte Reload
	movq	%r11, %rdi
	movq	120(%rsp), %r12                 # 8-byte Reload
	addq	%r11, %rax
	shlq	$6, %r8
	andq	$-8, %rax
	subq	%r8, %rdi
	subq	%r8, %rsi
	movq	280(%rsp), %r8                  # 8-byte Reload
	movq	%rax, 448(%rsp)                 # 8-byte Spill
	movq	128(%rsp), %rax                 # 8-byte Reload
	movq	%rdi, 8(%rsp)                   # 8-byte Spill
	movq	%rsi, 456(%rsp)                 # 8-byte Spill
	andq	$-8, %rsi
	movq	%rsi, 440(%rsp)                 # 8-byte Spill
	leaq	(%r8,%r11), %r9
	leaq	(%r11,%rax), %rcx
	movq	%r9, 352(%rsp)                  # 8-byte Spill
	movq	296(%rsp), %r9                  # 8-byte Reload
	shrq	$6, %rcx
	leal	1(%rcx), %eax
	incq	%rcx
	andq	$-8, %rcx
	movzbl	%al, %eax
	movq	%rcx, 392(%rsp)                 # 8-byte Spill
	leaq	-64(%rdi), %rcx
	andl	$7, %eax
	movq	%rcx, 416(%rsp)                 # 8-byte Spill
	shrq	$6, %rcx
	shlq	$8, %rax
	incq	%rcx
	movq	%rax, 424(%rsp)                 # 8-byte Spill
	movq	%rcx, 408(%rsp)                 # 8-byte Spill
	movq	32(%rsp), %rcx                  # 8-byte Reload
	leaq	(%r8,%rcx), %rax
	addq	%rcx, %rsi
	leaq	(%r9,%r11), %r8
	movq	%rax, 360(%rsp)                 # 8-byte Spill
	leaq	(%r9,%rcx), %rax
	movq	%rsi, 432(%rsp)                 # 8-byte Spill
	movq	16(%rsp), %rsi                  # 8-byte Reload
	movq	96(%rsp), %r9                   # 8-byte Reload
	movq	%r8, 480(%rsp)                  # 8-byte Spill
	movq	%rax, 464(%rsp)                 # 8-byte Spill
	movq	%rdi, %rax
	andq	$-64, %rdi
	leaq	(%rcx,%rdi), %rax
	movq	%rdi, 168(%rsp)                 # 8-byte Spill
	movq	104(%rsp), %rdi                 # 8-byte Reload
	xorl	%ecx, %ecx
	movq	%rax, 384(%rsp)                 # 8-byte Spill
	movq	%rdi, 160(%rsp)                 # 8-byte Spill
	movq	288(%rsp), %rdi                 # 8-byte Reload
	jmp	.LBB0_12
	.p2align	4, 0x90
.LBB0_39:                               #   in Loop: Header=BB0_12 Depth=4
	movq	184(%rsp), %rax                 # 8-byte Reload
	movq	368(%rsp), %rdi                 # 8-byte Reload
	movq	376(%rsp), %rcx                 # 8-byte Reload
	movq	328(%rsp), %rbx                 # 8-byte Reload
	movq	320(%rsp), %r15                 # 8-byte Reload
	movq	176(%rsp), %rbp                 # 8-byte Reload
	movq	344(%rsp), %rdx                 # 8-byte Reload
	addq	%rax, 160(%rsp)                 # 8-byte Folded Spill
	incq	%rdi
	incq	%rcx
	addq	%rax, %r9
	addq	%rax, %r12
	addq	%rax, %rsi
	cmpq	336(%rsp), %rdi                 # 8-byte Folded Reload
	je	.LBB0_40
.LBB0_12:                               #   Parent Loop BB0_6 Depth=1
                                        #     Parent Loop BB0_8 Depth=2
                                        #       Parent Loop BB0_10 Depth=3
                                        # =>      This Loop Header: Depth=4
                                        #           Child Loop BB0_13 Depth 5
                                        #             Child Loop BB0_24 Depth 6
                                        #             Child Loop BB0_27 Depth 6
                                        #             Child Loop BB0_31 Depth 6
                                        #             Child Loop BB0_35 Depth 6
                                        #             Child Loop BB0_37 Depth 6
	movq	360(%rsp), %r10                 # 8-byte Reload
	movq	%rcx, %rax
	imulq	%rbp, %rax
	movq	%rcx, 376(%rsp)                 # 8-byte Spill
	movq	%rdi, 368(%rsp)                 # 8-byte Spill
	imulq	%r15, %rdi
	movq	152(%rsp), %r15                 # 8-byte Reload
	movq	144(%rsp), %r13                 # 8-byte Reload
	xorl	%r8d, %r8d
	movq	%rdi, 512(%rsp)                 # 8-byte Spill
	leaq	(%r10,%rax), %rcx
	addq	352(%rsp), %rax                 # 8-byte Folded Reload
	movq	24(%rsp), %r10                  # 8-byte Reload
	leaq	(%rbx,%rcx,4), %rcx
	movq	%rcx, 488(%rsp)                 # 8-byte Spill
	leaq	(%rbx,%rax,4), %rax
	movq	136(%rsp), %rbx                 # 8-byte Reload
	movq	%rax, 472(%rsp)                 # 8-byte Spill
	jmp	.LBB0_13
	.p2align	4, 0x90
.LBB0_38:                               #   in Loop: Header=BB0_13 Depth=5
	movq	184(%rsp), %rax                 # 8-byte Reload
	incq	%rdx
	incq	%r8
	addq	%rax, %rbx
	addq	%rax, %r13
	addq	%rax, %r15
	addq	%rax, %r10
	cmpq	504(%rsp), %rdx                 # 8-byte Folded Reload
	je	.LBB0_39
.LBB0_13:                               #   Parent Loop BB0_6 Depth=1
                                        #     Parent Loop BB0_8 Depth=2
                                        #       Parent Loop BB0_10 Depth=3
                                        #         Parent Loop BB0_12 Depth=4
                                        # =>        This Loop Header: Depth=5
                                        #             Child Loop BB0_24 Depth 6
                                        #             Child Loop BB0_27 Depth 6
                                        #             Child Loop BB0_31 Depth 6
                                        #             Child Loop BB0_35 Depth 6
                                        #             Child Loop BB0_37 Depth 6
	movq	512(%rsp), %rax                 # 8-byte Reload
	movq	496(%rsp), %rcx                 # 8-byte Reload
	movq	32(%rsp), %rbp                  # 8-byte Reload
	cmpq	$8, 8(%rsp)                     # 8-byte Folded Reload
	leaq	(%rdx,%rax), %rax
	vmovss	(%rcx,%rax,4), %xmm0            # xmm0 = mem[0],zero,zero,zero
	jb	.LBB0_33
# %bb.14:                               #   in Loop: Header=BB0_13 Depth=5
	movq	%r8, %rax
	imulq	176(%rsp), %rax                 # 8-byte Folded Reload
	movq	480(%rsp), %rcx                 # 8-byte Reload
	leaq	(%rcx,%rax), %rdi
	leaq	(%r14,%rdi,4), %rdi
	cmpq	%rdi, 488(%rsp)                 # 8-byte Folded Reload
	jae	.LBB0_16
# %bb.15:                               #   in Loop: Header=BB0_13 Depth=5
	addq	464(%rsp), %rax                 # 8-byte Folded Reload
	movq	32(%rsp), %rbp                  # 8-byte Reload
	leaq	(%r14,%rax,4), %rax
	cmpq	472(%rsp), %rax                 # 8-byte Folded Reload
	jb	.LBB0_33
.LBB0_16:                               #   in Loop: Header=BB0_13 Depth=5
	cmpq	$64, 8(%rsp)                    # 8-byte Folded Reload
	jae	.LBB0_21
# %bb.17:                               #   in Loop: Header=BB0_13 Depth=5
	xorl	%eax, %eax
	jmp	.LBB0_30
.LBB0_21:                               #   in Loop: Header=BB0_13 Depth=5
	cmpq	$448, 416(%rsp)                 # 8-byte Folded Reload
                                        # imm = 0x1C0
	vbroadcastss	%xmm0, %zmm1
	jae	.LBB0_23
# %bb.22:                               #   in Loop: Header=BB0_13 Depth=5
	xorl	%r14d, %r14d
	jmp	.LBB0_25
.LBB0_23:                               #   in Loop: Header=BB0_13 Depth=5
	movq	392(%rsp), %rbp                 # 8-byte Reload
	xorl	%r14d, %r14d
	.p2align	4, 0x90
.LBB0_24:                               #   Parent Loop BB0_6 Depth=1
                                        #     Parent Loop BB0_8 Depth=2
                                        #       Parent Loop BB0_10 Depth=3
                                        #         Parent Loop BB0_12 Depth=4
                                        #           Parent Loop BB0_13 Depth=5
                                        # =>          This Inner Loop Header: Depth=6
	vmovups	-1984(%rbx,%r14,4), %zmm2
	vmovups	-1920(%rbx,%r14,4), %zmm3
	vmovups	-1856(%rbx,%r14,4), %zmm4
	vmovups	-1792(%rbx,%r14,4), %zmm5
	vfmadd213ps	-1984(%r9,%r14,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1920(%r9,%r14,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1856(%r9,%r14,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1792(%r9,%r14,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1984(%r9,%r14,4)
	vmovups	%zmm3, -1920(%r9,%r14,4)
	vmovups	%zmm4, -1856(%r9,%r14,4)
	vmovups	%zmm5, -1792(%r9,%r14,4)
	vmovups	-1728(%rbx,%r14,4), %zmm2
	vmovups	-1664(%rbx,%r14,4), %zmm3
	vmovups	-1600(%rbx,%r14,4), %zmm4
	vmovups	-1536(%rbx,%r14,4), %zmm5
	vfmadd213ps	-1728(%r9,%r14,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1664(%r9,%r14,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1600(%r9,%r14,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1536(%r9,%r14,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1728(%r9,%r14,4)
	vmovups	%zmm3, -1664(%r9,%r14,4)
	vmovups	%zmm4, -1600(%r9,%r14,4)
	vmovups	%zmm5, -1536(%r9,%r14,4)
	vmovups	-1472(%rbx,%r14,4), %zmm2
	vmovups	-1408(%rbx,%r14,4), %zmm3
	vmovups	-1344(%rbx,%r14,4), %zmm4
	vmovups	-1280(%rbx,%r14,4), %zmm5
	vfmadd213ps	-1472(%r9,%r14,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1408(%r9,%r14,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1344(%r9,%r14,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1280(%r9,%r14,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1472(%r9,%r14,4)
	vmovups	%zmm3, -1408(%r9,%r14,4)
	vmovups	%zmm4, -1344(%r9,%r14,4)
	vmovups	%zmm5, -1280(%r9,%r14,4)
	vmovups	-1216(%rbx,%r14,4), %zmm2
	vmovups	-1152(%rbx,%r14,4), %zmm3
	vmovups	-1088(%rbx,%r14,4), %zmm4
	vmovups	-1024(%rbx,%r14,4), %zmm5
	vfmadd213ps	-1216(%r9,%r14,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1152(%r9,%r14,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1088(%r9,%r14,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1024(%r9,%r14,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1216(%r9,%r14,4)
	vmovups	%zmm3, -1152(%r9,%r14,4)
	vmovups	%zmm4, -1088(%r9,%r14,4)
	vmovups	%zmm5, -1024(%r9,%r14,4)
	vmovups	-960(%rbx,%r14,4), %zmm2
	vmovups	-896(%rbx,%r14,4), %zmm3
	vmovups	-832(%rbx,%r14,4), %zmm4
	vmovups	-768(%rbx,%r14,4), %zmm5
	vfmadd213ps	-960(%r9,%r14,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-896(%r9,%r14,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-832(%r9,%r14,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-768(%r9,%r14,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -960(%r9,%r14,4)
	vmovups	%zmm3, -896(%r9,%r14,4)
	vmovups	%zmm4, -832(%r9,%r14,4)
	vmovups	%zmm5, -768(%r9,%r14,4)
	vmovups	-704(%rbx,%r14,4), %zmm2
	vmovups	-640(%rbx,%r14,4), %zmm3
	vmovups	-576(%rbx,%r14,4), %zmm4
	vmovups	-512(%rbx,%r14,4), %zmm5
	vfmadd213ps	-704(%r9,%r14,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-640(%r9,%r14,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-576(%r9,%r14,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-512(%r9,%r14,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -704(%r9,%r14,4)
	vmovups	%zmm3, -640(%r9,%r14,4)
	vmovups	%zmm4, -576(%r9,%r14,4)
	vmovups	%zmm5, -512(%r9,%r14,4)
	vmovups	-448(%rbx,%r14,4), %zmm2
	vmovups	-384(%rbx,%r14,4), %zmm3
	vmovups	-320(%rbx,%r14,4), %zmm4
	vmovups	-256(%rbx,%r14,4), %zmm5
	vfmadd213ps	-448(%r9,%r14,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-384(%r9,%r14,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-320(%r9,%r14,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-256(%r9,%r14,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -448(%r9,%r14,4)
	vmovups	%zmm3, -384(%r9,%r14,4)
	vmovups	%zmm4, -320(%r9,%r14,4)
	vmovups	%zmm5, -256(%r9,%r14,4)
	vmovups	-192(%rbx,%r14,4), %zmm2
	vmovups	-128(%rbx,%r14,4), %zmm3
	vmovups	-64(%rbx,%r14,4), %zmm4
	vmovups	(%rbx,%r14,4), %zmm5
	vfmadd213ps	-192(%r9,%r14,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-128(%r9,%r14,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-64(%r9,%r14,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	(%r9,%r14,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -192(%r9,%r14,4)
	vmovups	%zmm3, -128(%r9,%r14,4)
	vmovups	%zmm4, -64(%r9,%r14,4)
	vmovups	%zmm5, (%r9,%r14,4)
	addq	$512, %r14                      # imm = 0x200
	addq	$-8, %rbp
	jne	.LBB0_24
.LBB0_25:                               #   in Loop: Header=BB0_13 Depth=5
	testb	$7, 408(%rsp)                   # 1-byte Folded Reload
	movq	424(%rsp), %rcx                 # 8-byte Reload
	je	.LBB0_28
# %bb.26:                               #   in Loop: Header=BB0_13 Depth=5
	movq	160(%rsp), %rdi                 # 8-byte Reload
	leaq	(%r13,%r14,4), %rax
	leaq	(%rdi,%r14,4), %rbp
	xorl	%edi, %edi
	.p2align	4, 0x90
.LBB0_27:                               #   Parent Loop BB0_6 Depth=1
                                        #     Parent Loop BB0_8 Depth=2
                                        #       Parent Loop BB0_10 Depth=3
                                        #         Parent Loop BB0_12 Depth=4
                                        #           Parent Loop BB0_13 Depth=5
                                        # =>          This Inner Loop Header: Depth=6
	vmovups	-192(%rax,%rdi), %zmm2
	vmovups	-128(%rax,%rdi), %zmm3
	vmovups	-64(%rax,%rdi), %zmm4
	vmovups	(%rax,%rdi), %zmm5
	vfmadd213ps	-128(%rbp,%rdi), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-64(%rbp,%rdi), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	(%rbp,%rdi), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	64(%rbp,%rdi), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -128(%rbp,%rdi)
	vmovups	%zmm3, -64(%rbp,%rdi)
	vmovups	%zmm4, (%rbp,%rdi)
	vmovups	%zmm5, 64(%rbp,%rdi)
	addq	$256, %rdi                      # imm = 0x100
	cmpq	%rdi, %rcx
	jne	.LBB0_27
.LBB0_28:                               #   in Loop: Header=BB0_13 Depth=5
	movq	168(%rsp), %rax                 # 8-byte Reload
	movq	400(%rsp), %r14                 # 8-byte Reload
	cmpq	%rax, 8(%rsp)                   # 8-byte Folded Reload
	je	.LBB0_38
# %bb.29:                               #   in Loop: Header=BB0_13 Depth=5
	movq	168(%rsp), %rax                 # 8-byte Reload
	movq	384(%rsp), %rbp                 # 8-byte Reload
	testb	$56, 8(%rsp)                    # 1-byte Folded Reload
	je	.LBB0_33
.LBB0_30:                               #   in Loop: Header=BB0_13 Depth=5
	movq	448(%rsp), %rcx                 # 8-byte Reload
	vbroadcastss	%xmm0, %ymm1
	.p2align	4, 0x90
.LBB0_31:                               #   Parent Loop BB0_6 Depth=1
                                        #     Parent Loop BB0_8 Depth=2
                                        #       Parent Loop BB0_10 Depth=3
                                        #         Parent Loop BB0_12 Depth=4
                                        #           Parent Loop BB0_13 Depth=5
                                        # =>          This Inner Loop Header: Depth=6
	vmovups	(%r15,%rax,4), %ymm2
	vfmadd213ps	(%r12,%rax,4), %ymm1, %ymm2 # ymm2 = (ymm1 * ymm2) + mem
	vmovups	%ymm2, (%r12,%rax,4)
	addq	$8, %rax
	cmpq	%rax, %rcx
	jne	.LBB0_31
# %bb.32:                               #   in Loop: Header=BB0_13 Depth=5
	movq	432(%rsp), %rbp                 # 8-byte Reload
	movq	440(%rsp), %rax                 # 8-byte Reload
	cmpq	%rax, 456(%rsp)                 # 8-byte Folded Reload
	je	.LBB0_38
	.p2align	4, 0x90
.LBB0_33:                               #   in Loop: Header=BB0_13 Depth=5
	movq	%rbp, %rax
	notq	%rax
	movl	%r11d, %edi
	subl	%ebp, %edi
	addq	%r11, %rax
	testb	$7, %dil
	je	.LBB0_36
# %bb.34:                               #   in Loop: Header=BB0_13 Depth=5
	movl	%r11d, %ecx
	subb	%bpl, %cl
	movzbl	%cl, %edi
	andl	$7, %edi
	.p2align	4, 0x90
.LBB0_35:                               #   Parent Loop BB0_6 Depth=1
                                        #     Parent Loop BB0_8 Depth=2
                                        #       Parent Loop BB0_10 Depth=3
                                        #         Parent Loop BB0_12 Depth=4
                                        #           Parent Loop BB0_13 Depth=5
                                        # =>          This Inner Loop Header: Depth=6
	vmovss	(%r10,%rbp,4), %xmm1            # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	(%rsi,%rbp,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, (%rsi,%rbp,4)
	incq	%rbp
	decq	%rdi
	jne	.LBB0_35
.LBB0_36:                               #   in Loop: Header=BB0_13 Depth=5
	cmpq	$7, %rax
	jb	.LBB0_38
	.p2align	4, 0x90
.LBB0_37:                               #   Parent Loop BB0_6 Depth=1
                                        #     Parent Loop BB0_8 Depth=2
                                        #       Parent Loop BB0_10 Depth=3
                                        #         Parent Loop BB0_12 Depth=4
                                        #           Parent Loop BB0_13 Depth=5
                                        # =>          This Inner Loop Header: Depth=6
	vmovss	(%r10,%rbp,4), %xmm1            # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	(%rsi,%rbp,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, (%rsi,%rbp,4)
	vmovss	4(%r10,%rbp,4), %xmm1           # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	4(%rsi,%rbp,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 4(%rsi,%rbp,4)
	vmovss	8(%r10,%rbp,4), %xmm1           # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	8(%rsi,%rbp,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 8(%rsi,%rbp,4)
	vmovss	12(%r10,%rbp,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	12(%rsi,%rbp,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 12(%rsi,%rbp,4)
	vmovss	16(%r10,%rbp,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	16(%rsi,%rbp,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 16(%rsi,%rbp,4)
	vmovss	20(%r10,%rbp,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	20(%rsi,%rbp,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 20(%rsi,%rbp,4)
	vmovss	24(%r10,%rbp,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	24(%rsi,%rbp,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 24(%rsi,%rbp,4)
	vmovss	28(%r10,%rbp,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	28(%rsi,%rbp,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 28(%rsi,%rbp,4)
	addq	$8, %rbp
	cmpq	%rbp, %r11
	jne	.LBB0_37
	jmp	.LBB0_38
.LBB0_20:
	addq	$520, %rsp                      # imm = 0x208
	.cfi_def_cfa_offset 56
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%r12
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r14
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	vzeroupper
	retq
.Lfunc_end0:
	.size	_Z12matmul_tiledlllPKfS0_Pf, .Lfunc_end0-_Z12matmul_tiledlllPKfS0_Pf
	.cfi_endproc
                                        # -- End function
	.globl	abtool_entry                    # -- Begin function abtool_entry
	.p2align	4, 0x90
	.type	abtool_entry,@function
abtool_entry:                           # @abtool_entry
	.cfi_startproc
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%r13
	.cfi_def_cfa_offset 40
	pushq	%r12
	.cfi_def_cfa_offset 48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	subq	$520, %rsp                      # imm = 0x208
	.cfi_def_cfa_offset 576
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	movq	(%rdi), %rax
	movq	8(%rdi), %rcx
	movq	16(%rdi), %rdx
	movq	24(%rdi), %r15
	movq	40(%rdi), %rbx
	movq	(%rcx), %r14
	movq	(%rax), %r12
	movq	(%rdx), %rbp
	movq	32(%rdi), %rcx
	movq	%r14, %rdx
	imulq	%r12, %rdx
	movq	%rcx, (%rsp)                    # 8-byte Spill
	testq	%rdx, %rdx
	je	.LBB1_2
# %bb.1:
	shlq	$2, %rdx
	movq	%rbx, %rdi
	xorl	%esi, %esi
	callq	memset@PLT
.LBB1_2:
	testq	%r14, %r14
	jle	.LBB1_20
# %bb.3:
	testq	%r12, %r12
	jle	.LBB1_20
# %bb.4:
	testq	%rbp, %rbp
	jle	.LBB1_20
# %bb.5:
	movq	%r14, %rax
	shlq	$4, %rax
	movq	%r14, %rsi
	shlq	$7, %rsi
	movq	%rbx, 8(%rsp)                   # 8-byte Spill
	xorl	%edx, %edx
	movq	%r12, 224(%rsp)                 # 8-byte Spill
	movq	%r14, 408(%rsp)                 # 8-byte Spill
	movq	%rbp, 328(%rsp)                 # 8-byte Spill
	movq	%r15, 400(%rsp)                 # 8-byte Spill
	movq	%rbx, 320(%rsp)                 # 8-byte Spill
	movq	%rax, 208(%rsp)                 # 8-byte Spill
	movq	%r14, %rax
	shlq	$5, %rax
	movq	%rsi, 256(%rsp)                 # 8-byte Spill
	movq	%rax, 248(%rsp)                 # 8-byte Spill
	leaq	1984(%rbx), %rax
	movq	%rax, 48(%rsp)                  # 8-byte Spill
	movq	%r14, %rax
	shlq	$6, %rax
	movq	%rax, 216(%rsp)                 # 8-byte Spill
	leaq	(,%r14,4), %rax
	movq	%rax, 176(%rsp)                 # 8-byte Spill
	movq	(%rsp), %rax                    # 8-byte Reload
	leaq	1984(%rax), %rcx
	addq	$192, %rax
	movq	%rcx, 200(%rsp)                 # 8-byte Spill
	movq	%rax, 192(%rsp)                 # 8-byte Spill
	leaq	128(%rbx), %rax
	movl	$16, %ecx
	movq	%rax, 40(%rsp)                  # 8-byte Spill
	xorl	%eax, %eax
	movq	%rax, 32(%rsp)                  # 8-byte Spill
	jmp	.LBB1_6
	.p2align	4, 0x90
.LBB1_19:                               #   in Loop: Header=BB1_6 Depth=1
	movq	216(%rsp), %rax                 # 8-byte Reload
	movq	240(%rsp), %rcx                 # 8-byte Reload
	incq	32(%rsp)                        # 8-byte Folded Spill
	movq	224(%rsp), %r12                 # 8-byte Reload
	addq	%rax, 48(%rsp)                  # 8-byte Folded Spill
	addq	%rax, 40(%rsp)                  # 8-byte Folded Spill
	addq	%rax, 8(%rsp)                   # 8-byte Folded Spill
	movq	232(%rsp), %rax                 # 8-byte Reload
	addq	$16, %rcx
	movq	%rax, %rdx
	cmpq	%r12, %rax
	jge	.LBB1_20
.LBB1_6:                                # =>This Loop Header: Depth=1
                                        #     Child Loop BB1_8 Depth 2
                                        #       Child Loop BB1_10 Depth 3
                                        #         Child Loop BB1_12 Depth 4
                                        #           Child Loop BB1_13 Depth 5
                                        #             Child Loop BB1_24 Depth 6
                                        #             Child Loop BB1_27 Depth 6
                                        #             Child Loop BB1_31 Depth 6
                                        #             Child Loop BB1_35 Depth 6
                                        #             Child Loop BB1_37 Depth 6
	leaq	16(%rdx), %rax
	cmpq	%rcx, %r12
	movq	%rcx, 240(%rsp)                 # 8-byte Spill
	movq	%rdx, 288(%rsp)                 # 8-byte Spill
	cmovlq	%r12, %rcx
	cmpq	%r12, %rax
	movq	%rax, 232(%rsp)                 # 8-byte Spill
	cmovgq	%r12, %rax
	movq	%rcx, 336(%rsp)                 # 8-byte Spill
	cmpq	%rax, %rdx
	jge	.LBB1_19
# %bb.7:                                #   in Loop: Header=BB1_6 Depth=1
	movq	208(%rsp), %rax                 # 8-byte Reload
	movl	$32, %ecx
	xorl	%r13d, %r13d
	imulq	32(%rsp), %rax                  # 8-byte Folded Reload
	movq	%rax, 280(%rsp)                 # 8-byte Spill
	movq	(%rsp), %rax                    # 8-byte Reload
	movq	%rax, 16(%rsp)                  # 8-byte Spill
	movq	192(%rsp), %rax                 # 8-byte Reload
	movq	%rax, 72(%rsp)                  # 8-byte Spill
	movq	200(%rsp), %rax                 # 8-byte Reload
	movq	%rax, 64(%rsp)                  # 8-byte Spill
	xorl	%eax, %eax
	movq	%rax, 56(%rsp)                  # 8-byte Spill
	jmp	.LBB1_8
	.p2align	4, 0x90
.LBB1_18:                               #   in Loop: Header=BB1_8 Depth=2
	movq	256(%rsp), %rax                 # 8-byte Reload
	movq	272(%rsp), %rcx                 # 8-byte Reload
	incq	56(%rsp)                        # 8-byte Folded Spill
	addq	%rax, 64(%rsp)                  # 8-byte Folded Spill
	addq	%rax, 72(%rsp)                  # 8-byte Folded Spill
	addq	%rax, 16(%rsp)                  # 8-byte Folded Spill
	movq	264(%rsp), %rax                 # 8-byte Reload
	addq	$32, %rcx
	movq	%rax, %r13
	cmpq	%rbp, %rax
	jge	.LBB1_19
.LBB1_8:                                #   Parent Loop BB1_6 Depth=1
                                        # =>  This Loop Header: Depth=2
                                        #       Child Loop BB1_10 Depth 3
                                        #         Child Loop BB1_12 Depth 4
                                        #           Child Loop BB1_13 Depth 5
                                        #             Child Loop BB1_24 Depth 6
                                        #             Child Loop BB1_27 Depth 6
                                        #             Child Loop BB1_31 Depth 6
                                        #             Child Loop BB1_35 Depth 6
                                        #             Child Loop BB1_37 Depth 6
	leaq	32(%r13), %rax
	cmpq	%rcx, %rbp
	movq	%rcx, 272(%rsp)                 # 8-byte Spill
	cmovlq	%rbp, %rcx
	cmpq	%rbp, %rax
	movq	%rax, 264(%rsp)                 # 8-byte Spill
	cmovgq	%rbp, %rax
	movq	%rcx, 504(%rsp)                 # 8-byte Spill
	cmpq	%rax, %r13
	jge	.LBB1_18
# %bb.9:                                #   in Loop: Header=BB1_8 Depth=2
	movq	248(%rsp), %rax                 # 8-byte Reload
	movl	$64, %r11d
	xorl	%ecx, %ecx
	movq	$-64, 120(%rsp)                 # 8-byte Folded Spill
	movq	%r13, 344(%rsp)                 # 8-byte Spill
	imulq	56(%rsp), %rax                  # 8-byte Folded Reload
	movq	%rax, 296(%rsp)                 # 8-byte Spill
	movq	8(%rsp), %rax                   # 8-byte Reload
	movq	%rax, 112(%rsp)                 # 8-byte Spill
	movq	16(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 144(%rsp)                 # 8-byte Spill
	xorl	%eax, %eax
	movq	%rax, 104(%rsp)                 # 8-byte Spill
	movq	40(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 96(%rsp)                  # 8-byte Spill
	movq	72(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 136(%rsp)                 # 8-byte Spill
	movq	64(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 128(%rsp)                 # 8-byte Spill
	movq	48(%rsp), %rax                  # 8-byte Reload
	movq	%rax, 88(%rsp)                  # 8-byte Spill
	xorl	%eax, %eax
	movq	%rax, 80(%rsp)                  # 8-byte Spill
	jmp	.LBB1_10
	.p2align	4, 0x90
.LBB1_40:                               #   in Loop: Header=BB1_10 Depth=3
	movq	312(%rsp), %r11                 # 8-byte Reload
	movq	304(%rsp), %rax                 # 8-byte Reload
	incq	80(%rsp)                        # 8-byte Folded Spill
	addq	$256, 88(%rsp)                  # 8-byte Folded Spill
                                        # imm = 0x100
	addq	$256, 128(%rsp)                 # 8-byte Folded Spill
                                        # imm = 0x100
	addq	$-64, 120(%rsp)                 # 8-byte Folded Spill
	addq	$256, 136(%rsp)                 # 8-byte Folded Spill
                                        # imm = 0x100
	addq	$256, 96(%rsp)                  # 8-byte Folded Spill
                                        # imm = 0x100
	addq	$-64, 104(%rsp)                 # 8-byte Folded Spill
	addq	$256, 144(%rsp)                 # 8-byte Folded Spill
                                        # imm = 0x100
	addq	$256, 112(%rsp)                 # 8-byte Folded Spill
                                        # imm = 0x100
	addq	$64, %r11
	movq	%rax, %rcx
	cmpq	%r14, %rax
	jge	.LBB1_18
.LBB1_10:                               #   Parent Loop BB1_6 Depth=1
                                        #     Parent Loop BB1_8 Depth=2
                                        # =>    This Loop Header: Depth=3
                                        #         Child Loop BB1_12 Depth 4
                                        #           Child Loop BB1_13 Depth 5
                                        #             Child Loop BB1_24 Depth 6
                                        #             Child Loop BB1_27 Depth 6
                                        #             Child Loop BB1_31 Depth 6
                                        #             Child Loop BB1_35 Depth 6
                                        #             Child Loop BB1_37 Depth 6
	leaq	64(%rcx), %rax
	cmpq	%r11, %r14
	movq	%r11, 312(%rsp)                 # 8-byte Spill
	movq	%rcx, 24(%rsp)                  # 8-byte Spill
	cmovlq	%r14, %r11
	cmpq	%rax, %r14
	movq	%rax, %rsi
	movq	%rax, 304(%rsp)                 # 8-byte Spill
	cmovlq	%r14, %rsi
	cmovlq	%r14, %rax
	cmpq	%rax, %rcx
	jge	.LBB1_40
# %bb.11:                               #   in Loop: Header=BB1_10 Depth=3
	movq	104(%rsp), %rax                 # 8-byte Reload
	movq	80(%rsp), %r8                   # 8-byte Reload
	movq	%r11, %rdi
	movq	112(%rsp), %r12                 # 8-byte Reload
	movq	88(%rsp), %r9                   # 8-byte Reload
	addq	%r11, %rax
	shlq	$6, %r8
	andq	$-8, %rax
	subq	%r8, %rdi
	subq	%r8, %rsi
	movq	280(%rsp), %r8                  # 8-byte Reload
	movq	%rax, 456(%rsp)                 # 8-byte Spill
	movq	120(%rsp), %rax                 # 8-byte Reload
	movq	%rsi, 464(%rsp)                 # 8-byte Spill
	andq	$-8, %rsi
	movq	%rdi, 160(%rsp)                 # 8-byte Spill
	movq	%rsi, 448(%rsp)                 # 8-byte Spill
	leaq	(%r8,%r11), %rdx
	leaq	(%r11,%rax), %rcx
	movq	%rdx, 352(%rsp)                 # 8-byte Spill
	movq	296(%rsp), %rdx                 # 8-byte Reload
	shrq	$6, %rcx
	leal	1(%rcx), %eax
	incq	%rcx
	andq	$-8, %rcx
	movzbl	%al, %eax
	movq	%rcx, 392(%rsp)                 # 8-byte Spill
	leaq	-64(%rdi), %rcx
	andl	$7, %eax
	andq	$-64, %rdi
	movq	%rcx, 424(%rsp)                 # 8-byte Spill
	shrq	$6, %rcx
	shlq	$8, %rax
	movq	%rdi, 168(%rsp)                 # 8-byte Spill
	incq	%rcx
	movq	%rax, 432(%rsp)                 # 8-byte Spill
	movq	%rcx, 416(%rsp)                 # 8-byte Spill
	movq	24(%rsp), %rcx                  # 8-byte Reload
	leaq	(%r8,%rcx), %rax
	leaq	(%rdx,%r11), %r8
	addq	%rcx, %rsi
	movq	%rax, 360(%rsp)                 # 8-byte Spill
	leaq	(%rdx,%rcx), %rax
	leaq	(%rcx,%rdi), %rdx
	movq	%rsi, 440(%rsp)                 # 8-byte Spill
	movq	8(%rsp), %rsi                   # 8-byte Reload
	movq	288(%rsp), %rdi                 # 8-byte Reload
	xorl	%ecx, %ecx
	movq	%r8, 488(%rsp)                  # 8-byte Spill
	movq	%rdx, 384(%rsp)                 # 8-byte Spill
	movq	96(%rsp), %rdx                  # 8-byte Reload
	movq	%rax, 472(%rsp)                 # 8-byte Spill
	movq	%rdx, 152(%rsp)                 # 8-byte Spill
	jmp	.LBB1_12
	.p2align	4, 0x90
.LBB1_39:                               #   in Loop: Header=BB1_12 Depth=4
	movq	176(%rsp), %rax                 # 8-byte Reload
	movq	368(%rsp), %rdi                 # 8-byte Reload
	movq	376(%rsp), %rcx                 # 8-byte Reload
	movq	328(%rsp), %rbp                 # 8-byte Reload
	movq	320(%rsp), %rbx                 # 8-byte Reload
	movq	344(%rsp), %r13                 # 8-byte Reload
	addq	%rax, 152(%rsp)                 # 8-byte Folded Spill
	incq	%rdi
	incq	%rcx
	addq	%rax, %r9
	addq	%rax, %r12
	addq	%rax, %rsi
	cmpq	336(%rsp), %rdi                 # 8-byte Folded Reload
	je	.LBB1_40
.LBB1_12:                               #   Parent Loop BB1_6 Depth=1
                                        #     Parent Loop BB1_8 Depth=2
                                        #       Parent Loop BB1_10 Depth=3
                                        # =>      This Loop Header: Depth=4
                                        #           Child Loop BB1_13 Depth 5
                                        #             Child Loop BB1_24 Depth 6
                                        #             Child Loop BB1_27 Depth 6
                                        #             Child Loop BB1_31 Depth 6
                                        #             Child Loop BB1_35 Depth 6
                                        #             Child Loop BB1_37 Depth 6
	movq	360(%rsp), %rdx                 # 8-byte Reload
	movq	%r14, %rax
	imulq	%rcx, %rax
	movq	%rcx, 376(%rsp)                 # 8-byte Spill
	movq	%rdi, 368(%rsp)                 # 8-byte Spill
	imulq	%rbp, %rdi
	movq	16(%rsp), %r10                  # 8-byte Reload
	movq	144(%rsp), %rbp                 # 8-byte Reload
	xorl	%r8d, %r8d
	movq	%rdi, 512(%rsp)                 # 8-byte Spill
	leaq	(%rdx,%rax), %rcx
	addq	352(%rsp), %rax                 # 8-byte Folded Reload
	movq	160(%rsp), %rdx                 # 8-byte Reload
	leaq	(%rbx,%rcx,4), %rcx
	movq	%rcx, 496(%rsp)                 # 8-byte Spill
	movq	136(%rsp), %rcx                 # 8-byte Reload
	leaq	(%rbx,%rax,4), %rax
	movq	128(%rsp), %rbx                 # 8-byte Reload
	movq	%rax, 480(%rsp)                 # 8-byte Spill
	movq	%rcx, 184(%rsp)                 # 8-byte Spill
	jmp	.LBB1_13
	.p2align	4, 0x90
.LBB1_38:                               #   in Loop: Header=BB1_13 Depth=5
	movq	176(%rsp), %rax                 # 8-byte Reload
	incq	%r13
	incq	%r8
	addq	%rax, 184(%rsp)                 # 8-byte Folded Spill
	addq	%rax, %rbx
	addq	%rax, %rbp
	addq	%rax, %r10
	cmpq	504(%rsp), %r13                 # 8-byte Folded Reload
	je	.LBB1_39
.LBB1_13:                               #   Parent Loop BB1_6 Depth=1
                                        #     Parent Loop BB1_8 Depth=2
                                        #       Parent Loop BB1_10 Depth=3
                                        #         Parent Loop BB1_12 Depth=4
                                        # =>        This Loop Header: Depth=5
                                        #             Child Loop BB1_24 Depth 6
                                        #             Child Loop BB1_27 Depth 6
                                        #             Child Loop BB1_31 Depth 6
                                        #             Child Loop BB1_35 Depth 6
                                        #             Child Loop BB1_37 Depth 6
	movq	512(%rsp), %rax                 # 8-byte Reload
	addq	%r13, %rax
	vmovss	(%r15,%rax,4), %xmm0            # xmm0 = mem[0],zero,zero,zero
	movq	24(%rsp), %rax                  # 8-byte Reload
	cmpq	$8, %rdx
	jb	.LBB1_33
# %bb.14:                               #   in Loop: Header=BB1_13 Depth=5
	movq	488(%rsp), %rcx                 # 8-byte Reload
	movq	(%rsp), %rdi                    # 8-byte Reload
	movq	%r14, %rax
	imulq	%r8, %rax
	addq	%rax, %rcx
	leaq	(%rdi,%rcx,4), %rcx
	cmpq	%rcx, 496(%rsp)                 # 8-byte Folded Reload
	jae	.LBB1_16
# %bb.15:                               #   in Loop: Header=BB1_13 Depth=5
	addq	472(%rsp), %rax                 # 8-byte Folded Reload
	movq	(%rsp), %rcx                    # 8-byte Reload
	leaq	(%rcx,%rax,4), %rcx
	movq	24(%rsp), %rax                  # 8-byte Reload
	cmpq	480(%rsp), %rcx                 # 8-byte Folded Reload
	jb	.LBB1_33
.LBB1_16:                               #   in Loop: Header=BB1_13 Depth=5
	cmpq	$64, %rdx
	jae	.LBB1_21
# %bb.17:                               #   in Loop: Header=BB1_13 Depth=5
	xorl	%ecx, %ecx
	jmp	.LBB1_30
.LBB1_21:                               #   in Loop: Header=BB1_13 Depth=5
	cmpq	$448, 424(%rsp)                 # 8-byte Folded Reload
                                        # imm = 0x1C0
	vbroadcastss	%xmm0, %zmm1
	jae	.LBB1_23
# %bb.22:                               #   in Loop: Header=BB1_13 Depth=5
	xorl	%r15d, %r15d
	jmp	.LBB1_25
.LBB1_23:                               #   in Loop: Header=BB1_13 Depth=5
	movq	392(%rsp), %r14                 # 8-byte Reload
	xorl	%r15d, %r15d
	.p2align	4, 0x90
.LBB1_24:                               #   Parent Loop BB1_6 Depth=1
                                        #     Parent Loop BB1_8 Depth=2
                                        #       Parent Loop BB1_10 Depth=3
                                        #         Parent Loop BB1_12 Depth=4
                                        #           Parent Loop BB1_13 Depth=5
                                        # =>          This Inner Loop Header: Depth=6
	vmovups	-1984(%rbx,%r15,4), %zmm2
	vmovups	-1920(%rbx,%r15,4), %zmm3
	vmovups	-1856(%rbx,%r15,4), %zmm4
	vmovups	-1792(%rbx,%r15,4), %zmm5
	vfmadd213ps	-1984(%r9,%r15,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1920(%r9,%r15,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1856(%r9,%r15,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1792(%r9,%r15,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1984(%r9,%r15,4)
	vmovups	%zmm3, -1920(%r9,%r15,4)
	vmovups	%zmm4, -1856(%r9,%r15,4)
	vmovups	%zmm5, -1792(%r9,%r15,4)
	vmovups	-1728(%rbx,%r15,4), %zmm2
	vmovups	-1664(%rbx,%r15,4), %zmm3
	vmovups	-1600(%rbx,%r15,4), %zmm4
	vmovups	-1536(%rbx,%r15,4), %zmm5
	vfmadd213ps	-1728(%r9,%r15,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1664(%r9,%r15,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1600(%r9,%r15,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1536(%r9,%r15,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1728(%r9,%r15,4)
	vmovups	%zmm3, -1664(%r9,%r15,4)
	vmovups	%zmm4, -1600(%r9,%r15,4)
	vmovups	%zmm5, -1536(%r9,%r15,4)
	vmovups	-1472(%rbx,%r15,4), %zmm2
	vmovups	-1408(%rbx,%r15,4), %zmm3
	vmovups	-1344(%rbx,%r15,4), %zmm4
	vmovups	-1280(%rbx,%r15,4), %zmm5
	vfmadd213ps	-1472(%r9,%r15,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1408(%r9,%r15,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1344(%r9,%r15,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1280(%r9,%r15,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1472(%r9,%r15,4)
	vmovups	%zmm3, -1408(%r9,%r15,4)
	vmovups	%zmm4, -1344(%r9,%r15,4)
	vmovups	%zmm5, -1280(%r9,%r15,4)
	vmovups	-1216(%rbx,%r15,4), %zmm2
	vmovups	-1152(%rbx,%r15,4), %zmm3
	vmovups	-1088(%rbx,%r15,4), %zmm4
	vmovups	-1024(%rbx,%r15,4), %zmm5
	vfmadd213ps	-1216(%r9,%r15,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1152(%r9,%r15,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1088(%r9,%r15,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1024(%r9,%r15,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1216(%r9,%r15,4)
	vmovups	%zmm3, -1152(%r9,%r15,4)
	vmovups	%zmm4, -1088(%r9,%r15,4)
	vmovups	%zmm5, -1024(%r9,%r15,4)
	vmovups	-960(%rbx,%r15,4), %zmm2
	vmovups	-896(%rbx,%r15,4), %zmm3
	vmovups	-832(%rbx,%r15,4), %zmm4
	vmovups	-768(%rbx,%r15,4), %zmm5
	vfmadd213ps	-960(%r9,%r15,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-896(%r9,%r15,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-832(%r9,%r15,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-768(%r9,%r15,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -960(%r9,%r15,4)
	vmovups	%zmm3, -896(%r9,%r15,4)
	vmovups	%zmm4, -832(%r9,%r15,4)
	vmovups	%zmm5, -768(%r9,%r15,4)
	vmovups	-704(%rbx,%r15,4), %zmm2
	vmovups	-640(%rbx,%r15,4), %zmm3
	vmovups	-576(%rbx,%r15,4), %zmm4
	vmovups	-512(%rbx,%r15,4), %zmm5
	vfmadd213ps	-704(%r9,%r15,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-640(%r9,%r15,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-576(%r9,%r15,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-512(%r9,%r15,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -704(%r9,%r15,4)
	vmovups	%zmm3, -640(%r9,%r15,4)
	vmovups	%zmm4, -576(%r9,%r15,4)
	vmovups	%zmm5, -512(%r9,%r15,4)
	vmovups	-448(%rbx,%r15,4), %zmm2
	vmovups	-384(%rbx,%r15,4), %zmm3
	vmovups	-320(%rbx,%r15,4), %zmm4
	vmovups	-256(%rbx,%r15,4), %zmm5
	vfmadd213ps	-448(%r9,%r15,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-384(%r9,%r15,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-320(%r9,%r15,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-256(%r9,%r15,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -448(%r9,%r15,4)
	vmovups	%zmm3, -384(%r9,%r15,4)
	vmovups	%zmm4, -320(%r9,%r15,4)
	vmovups	%zmm5, -256(%r9,%r15,4)
	vmovups	-192(%rbx,%r15,4), %zmm2
	vmovups	-128(%rbx,%r15,4), %zmm3
	vmovups	-64(%rbx,%r15,4), %zmm4
	vmovups	(%rbx,%r15,4), %zmm5
	vfmadd213ps	-192(%r9,%r15,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-128(%r9,%r15,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-64(%r9,%r15,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	(%r9,%r15,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -192(%r9,%r15,4)
	vmovups	%zmm3, -128(%r9,%r15,4)
	vmovups	%zmm4, -64(%r9,%r15,4)
	vmovups	%zmm5, (%r9,%r15,4)
	addq	$512, %r15                      # imm = 0x200
	addq	$-8, %r14
	jne	.LBB1_24
.LBB1_25:                               #   in Loop: Header=BB1_13 Depth=5
	testb	$7, 416(%rsp)                   # 1-byte Folded Reload
	movq	432(%rsp), %rdx                 # 8-byte Reload
	je	.LBB1_28
# %bb.26:                               #   in Loop: Header=BB1_13 Depth=5
	movq	184(%rsp), %rax                 # 8-byte Reload
	movq	152(%rsp), %rcx                 # 8-byte Reload
	leaq	(%rcx,%r15,4), %rdi
	leaq	(%rax,%r15,4), %rax
	xorl	%ecx, %ecx
	.p2align	4, 0x90
.LBB1_27:                               #   Parent Loop BB1_6 Depth=1
                                        #     Parent Loop BB1_8 Depth=2
                                        #       Parent Loop BB1_10 Depth=3
                                        #         Parent Loop BB1_12 Depth=4
                                        #           Parent Loop BB1_13 Depth=5
                                        # =>          This Inner Loop Header: Depth=6
	vmovups	-192(%rax,%rcx), %zmm2
	vmovups	-128(%rax,%rcx), %zmm3
	vmovups	-64(%rax,%rcx), %zmm4
	vmovups	(%rax,%rcx), %zmm5
	vfmadd213ps	-128(%rdi,%rcx), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-64(%rdi,%rcx), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	(%rdi,%rcx), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	64(%rdi,%rcx), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -128(%rdi,%rcx)
	vmovups	%zmm3, -64(%rdi,%rcx)
	vmovups	%zmm4, (%rdi,%rcx)
	vmovups	%zmm5, 64(%rdi,%rcx)
	addq	$256, %rcx                      # imm = 0x100
	cmpq	%rcx, %rdx
	jne	.LBB1_27
.LBB1_28:                               #   in Loop: Header=BB1_13 Depth=5
	movq	160(%rsp), %rdx                 # 8-byte Reload
	movq	408(%rsp), %r14                 # 8-byte Reload
	movq	400(%rsp), %r15                 # 8-byte Reload
	cmpq	168(%rsp), %rdx                 # 8-byte Folded Reload
	je	.LBB1_38
# %bb.29:                               #   in Loop: Header=BB1_13 Depth=5
	movq	168(%rsp), %rcx                 # 8-byte Reload
	movq	384(%rsp), %rax                 # 8-byte Reload
	testb	$56, %dl
	je	.LBB1_33
.LBB1_30:                               #   in Loop: Header=BB1_13 Depth=5
	movq	456(%rsp), %rax                 # 8-byte Reload
	vbroadcastss	%xmm0, %ymm1
	.p2align	4, 0x90
.LBB1_31:                               #   Parent Loop BB1_6 Depth=1
                                        #     Parent Loop BB1_8 Depth=2
                                        #       Parent Loop BB1_10 Depth=3
                                        #         Parent Loop BB1_12 Depth=4
                                        #           Parent Loop BB1_13 Depth=5
                                        # =>          This Inner Loop Header: Depth=6
	vmovups	(%rbp,%rcx,4), %ymm2
	vfmadd213ps	(%r12,%rcx,4), %ymm1, %ymm2 # ymm2 = (ymm1 * ymm2) + mem
	vmovups	%ymm2, (%r12,%rcx,4)
	addq	$8, %rcx
	cmpq	%rcx, %rax
	jne	.LBB1_31
# %bb.32:                               #   in Loop: Header=BB1_13 Depth=5
	movq	440(%rsp), %rax                 # 8-byte Reload
	movq	448(%rsp), %rcx                 # 8-byte Reload
	cmpq	%rcx, 464(%rsp)                 # 8-byte Folded Reload
	je	.LBB1_38
	.p2align	4, 0x90
.LBB1_33:                               #   in Loop: Header=BB1_13 Depth=5
	movq	%rax, %rdi
	notq	%rdi
	movl	%r11d, %ecx
	subl	%eax, %ecx
	addq	%r11, %rdi
	testb	$7, %cl
	je	.LBB1_36
# %bb.34:                               #   in Loop: Header=BB1_13 Depth=5
	movl	%r11d, %ecx
	subb	%al, %cl
	movzbl	%cl, %ecx
	andl	$7, %ecx
	.p2align	4, 0x90
.LBB1_35:                               #   Parent Loop BB1_6 Depth=1
                                        #     Parent Loop BB1_8 Depth=2
                                        #       Parent Loop BB1_10 Depth=3
                                        #         Parent Loop BB1_12 Depth=4
                                        #           Parent Loop BB1_13 Depth=5
                                        # =>          This Inner Loop Header: Depth=6
	vmovss	(%r10,%rax,4), %xmm1            # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	(%rsi,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, (%rsi,%rax,4)
	incq	%rax
	decq	%rcx
	jne	.LBB1_35
.LBB1_36:                               #   in Loop: Header=BB1_13 Depth=5
	cmpq	$7, %rdi
	jb	.LBB1_38
	.p2align	4, 0x90
.LBB1_37:                               #   Parent Loop BB1_6 Depth=1
                                        #     Parent Loop BB1_8 Depth=2
                                        #       Parent Loop BB1_10 Depth=3
                                        #         Parent Loop BB1_12 Depth=4
                                        #           Parent Loop BB1_13 Depth=5
                                        # =>          This Inner Loop Header: Depth=6
	vmovss	(%r10,%rax,4), %xmm1            # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	(%rsi,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, (%rsi,%rax,4)
	vmovss	4(%r10,%rax,4), %xmm1           # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	4(%rsi,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 4(%rsi,%rax,4)
	vmovss	8(%r10,%rax,4), %xmm1           # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	8(%rsi,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 8(%rsi,%rax,4)
	vmovss	12(%r10,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	12(%rsi,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 12(%rsi,%rax,4)
	vmovss	16(%r10,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	16(%rsi,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 16(%rsi,%rax,4)
	vmovss	20(%r10,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	20(%rsi,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 20(%rsi,%rax,4)
	vmovss	24(%r10,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	24(%rsi,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 24(%rsi,%rax,4)
	vmovss	28(%r10,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	28(%rsi,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 28(%rsi,%rax,4)
	addq	$8, %rax
	cmpq	%rax, %r11
	jne	.LBB1_37
	jmp	.LBB1_38
.LBB1_20:
	addq	$520, %rsp                      # imm = 0x208
	.cfi_def_cfa_offset 56
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%r12
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r14
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	vzeroupper
	retq
.Lfunc_end1:
	.size	abtool_entry, .Lfunc_end1-abtool_entry
	.cfi_endproc
                                        # -- End function
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
