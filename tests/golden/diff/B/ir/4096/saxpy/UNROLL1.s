	.text
	.file	"-"
	.globl	_Z5saxpylfPKfPf                 # -- Begin function _Z5saxpylfPKfPf
	.p2align	4, 0x90
	.type	_Z5saxpylfPKfPf,@function
_Z5saxpylfPKfPf:                        # @_Z5saxpylfPKfPf
	.cfi_startproc
# %bb.0:
	testq	%rdi, %rdi
	jle	.LBB0_24
# %bb.1:
	cmpq	$8, %rdi
	jb	.LBB0_2
# %bb.3:
	leaq	(%rsi,%rdi,4), %rax
	cmpq	%rdx, %rax
	jbe	.LBB0_6
# %bb.4:
	leaq	(%rdx,%rdi,4), %rax
	cmpq	%rsi, %rax
	jbe	.LBB0_6
.LBB0_2:
	xorl	%r11d, %r11d
.LBB0_20:
	movq	%r11, %r8
	notq	%r8
	movq	%rdi, %rcx
	addq	%rdi, %r8
	andq	$7, %rcx
	je	.LBB0_25
	.p2align	4, 0x90
.LBB0_21:                               # =>This Inner Loop Header: Depth=1
	vmovss	(%rsi,%r11,4), %xmm1            # xmm1 = mem[0],zero,zero,zero
	leaq	1(%r11), %rax
	decq	%rcx
	vfmadd213ss	(%rdx,%r11,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, (%rdx,%r11,4)
	movq	%rax, %r11
	jne	.LBB0_21
# %bb.22:
	cmpq	$7, %r8
	jb	.LBB0_24
	jmp	.LBB0_23
.LBB0_25:
	movq	%r11, %rax
	cmpq	$7, %r8
	jb	.LBB0_24
	.p2align	4, 0x90
.LBB0_23:                               # =>This Inner Loop Header: Depth=1
	vmovss	(%rsi,%rax,4), %xmm1            # xmm1 = mem[0],zero,zero,zero
	leaq	8(%rax), %rcx
	vfmadd213ss	(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, (%rdx,%rax,4)
	vmovss	4(%rsi,%rax,4), %xmm1           # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	4(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 4(%rdx,%rax,4)
	vmovss	8(%rsi,%rax,4), %xmm1           # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	8(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 8(%rdx,%rax,4)
	vmovss	12(%rsi,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	12(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 12(%rdx,%rax,4)
	vmovss	16(%rsi,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	16(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 16(%rdx,%rax,4)
	vmovss	20(%rsi,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	20(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 20(%rdx,%rax,4)
	vmovss	24(%rsi,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	24(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 24(%rdx,%rax,4)
	vmovss	28(%rsi,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	28(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 28(%rdx,%rax,4)
	movq	%rcx, %rax
	cmpq	%rcx, %rdi
	jne	.LBB0_23
.LBB0_24:
	vzeroupper
	retq
.LBB0_6:
	cmpq	$64, %rdi
	jae	.LBB0_8
# %bb.7:
	xorl	%r11d, %r11d
	jmp	.LBB0_17
.LBB0_8:
	movq	%rdi, %r11
	andq	$-64, %r11
	vbroadcastss	%xmm0, %zmm1
	leaq	-64(%r11), %rax
	movq	%rax, %r9
	shrq	$6, %r9
	incq	%r9
	movl	%r9d, %r8d
	andl	$7, %r8d
	cmpq	$448, %rax                      # imm = 0x1C0
	jae	.LBB0_10
# %bb.9:
	xorl	%ecx, %ecx
	jmp	.LBB0_12
.LBB0_10:
	andq	$-8, %r9
	leaq	1984(%rsi), %r10
	leaq	1984(%rdx), %rax
	xorl	%ecx, %ecx
	.p2align	4, 0x90
.LBB0_11:                               # =>This Inner Loop Header: Depth=1
	vmovups	-1984(%r10,%rcx,4), %zmm2
	vmovups	-1920(%r10,%rcx,4), %zmm3
	vmovups	-1856(%r10,%rcx,4), %zmm4
	vmovups	-1792(%r10,%rcx,4), %zmm5
	vfmadd213ps	-1984(%rax,%rcx,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1920(%rax,%rcx,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1856(%rax,%rcx,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1792(%rax,%rcx,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1984(%rax,%rcx,4)
	vmovups	%zmm3, -1920(%rax,%rcx,4)
	vmovups	%zmm4, -1856(%rax,%rcx,4)
	vmovups	%zmm5, -1792(%rax,%rcx,4)
	vmovups	-1728(%r10,%rcx,4), %zmm2
	vmovups	-1664(%r10,%rcx,4), %zmm3
	vmovups	-1600(%r10,%rcx,4), %zmm4
	vmovups	-1536(%r10,%rcx,4), %zmm5
	vfmadd213ps	-1728(%rax,%rcx,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1664(%rax,%rcx,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1600(%rax,%rcx,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1536(%rax,%rcx,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1728(%rax,%rcx,4)
	vmovups	%zmm3, -1664(%rax,%rcx,4)
	vmovups	%zmm4, -1600(%rax,%rcx,4)
	vmovups	%zmm5, -1536(%rax,%rcx,4)
	vmovups	-1472(%r10,%rcx,4), %zmm2
	vmovups	-1408(%r10,%rcx,4), %zmm3
	vmovups	-1344(%r10,%rcx,4), %zmm4
	vmovups	-1280(%r10,%rcx,4), %zmm5
	vfmadd213ps	-1472(%rax,%rcx,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1408(%rax,%rcx,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1344(%rax,%rcx,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1280(%rax,%rcx,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1472(%rax,%rcx,4)
	vmovups	%zmm3, -1408(%rax,%rcx,4)
	vmovups	%zmm4, -1344(%rax,%rcx,4)
	vmovups	%zmm5, -1280(%rax,%rcx,4)
	vmovups	-1216(%r10,%rcx,4), %zmm2
	vmovups	-1152(%r10,%rcx,4), %zmm3
	vmovups	-1088(%r10,%rcx,4), %zmm4
	vmovups	-1024(%r10,%rcx,4), %zmm5
	vfmadd213ps	-1216(%rax,%rcx,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1152(%rax,%rcx,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1088(%rax,%rcx,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1024(%rax,%rcx,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1216(%rax,%rcx,4)
	vmovups	%zmm3, -1152(%rax,%rcx,4)
	vmovups	%zmm4, -1088(%rax,%rcx,4)
	vmovups	%zmm5, -1024(%rax,%rcx,4)
	vmovups	-960(%r10,%rcx,4), %zmm2
	vmovups	-896(%r10,%rcx,4), %zmm3
	vmovups	-832(%r10,%rcx,4), %zmm4
	vmovups	-768(%r10,%rcx,4), %zmm5
	vfmadd213ps	-960(%rax,%rcx,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-896(%rax,%rcx,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-832(%rax,%rcx,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-768(%rax,%rcx,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -960(%rax,%rcx,4)
	vmovups	%zmm3, -896(%rax,%rcx,4)
	vmovups	%zmm4, -832(%rax,%rcx,4)
	vmovups	%zmm5, -768(%rax,%rcx,4)
	vmovups	-704(%r10,%rcx,4), %zmm2
	vmovups	-640(%r10,%rcx,4), %zmm3
	vmovups	-576(%r10,%rcx,4), %zmm4
	vmovups	-512(%r10,%rcx,4), %zmm5
	vfmadd213ps	-704(%rax,%rcx,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-640(%rax,%rcx,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-576(%rax,%rcx,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-512(%rax,%rcx,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -704(%rax,%rcx,4)
	vmovups	%zmm3, -640(%rax,%rcx,4)
	vmovups	%zmm4, -576(%rax,%rcx,4)
	vmovups	%zmm5, -512(%rax,%rcx,4)
	vmovups	-448(%r10,%rcx,4), %zmm2
	vmovups	-384(%r10,%rcx,4), %zmm3
	vmovups	-320(%r10,%rcx,4), %zmm4
	vmovups	-256(%r10,%rcx,4), %zmm5
	vfmadd213ps	-448(%rax,%rcx,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-384(%rax,%rcx,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-320(%rax,%rcx,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-256(%rax,%rcx,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -448(%rax,%rcx,4)
	vmovups	%zmm3, -384(%rax,%rcx,4)
	vmovups	%zmm4, -320(%rax,%rcx,4)
	vmovups	%zmm5, -256(%rax,%rcx,4)
	vmovups	-192(%r10,%rcx,4), %zmm2
	vmovups	-128(%r10,%rcx,4), %zmm3
	vmovups	-64(%r10,%rcx,4), %zmm4
	vmovups	(%r10,%rcx,4), %zmm5
	vfmadd213ps	-192(%rax,%rcx,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-128(%rax,%rcx,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-64(%rax,%rcx,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	(%rax,%rcx,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -192(%rax,%rcx,4)
	vmovups	%zmm3, -128(%rax,%rcx,4)
	vmovups	%zmm4, -64(%rax,%rcx,4)
	vmovups	%zmm5, (%rax,%rcx,4)
	addq	$512, %rcx                      # imm = 0x200
	addq	$-8, %r9
	jne	.LBB0_11
.LBB0_12:
	testq	%r8, %r8
	je	.LBB0_15
# %bb.13:
	leaq	192(%rdx,%rcx,4), %rax
	leaq	192(%rsi,%rcx,4), %r9
	shlq	$8, %r8
	xorl	%ecx, %ecx
	.p2align	4, 0x90
.LBB0_14:                               # =>This Inner Loop Header: Depth=1
	vmovups	-192(%r9,%rcx), %zmm2
	vmovups	-128(%r9,%rcx), %zmm3
	vmovups	-64(%r9,%rcx), %zmm4
	vmovups	(%r9,%rcx), %zmm5
	vfmadd213ps	-192(%rax,%rcx), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-128(%rax,%rcx), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-64(%rax,%rcx), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	(%rax,%rcx), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -192(%rax,%rcx)
	vmovups	%zmm3, -128(%rax,%rcx)
	vmovups	%zmm4, -64(%rax,%rcx)
	vmovups	%zmm5, (%rax,%rcx)
	addq	$256, %rcx                      # imm = 0x100
	cmpq	%rcx, %r8
	jne	.LBB0_14
.LBB0_15:
	cmpq	%rdi, %r11
	je	.LBB0_24
# %bb.16:
	testb	$56, %dil
	je	.LBB0_20
.LBB0_17:
	vbroadcastss	%xmm0, %ymm1
	movq	%r11, %rax
	movq	%rdi, %r11
	andq	$-8, %r11
	.p2align	4, 0x90
.LBB0_18:                               # =>This Inner Loop Header: Depth=1
	vmovups	(%rsi,%rax,4), %ymm2
	vfmadd213ps	(%rdx,%rax,4), %ymm1, %ymm2 # ymm2 = (ymm1 * ymm2) + mem
	vmovups	%ymm2, (%rdx,%rax,4)
	addq	$8, %rax
	cmpq	%rax, %r11
	jne	.LBB0_18
# %bb.19:
	cmpq	%rdi, %r11
	je	.LBB0_24
	jmp	.LBB0_20
.Lfunc_end0:
	.size	_Z5saxpylfPKfPf, .Lfunc_end0-_Z5saxpylfPKfPf
	.cfi_endproc
                                        # -- End function
	.globl	abtool_entry                    # -- Begin function abtool_entry
	.p2align	4, 0x90
	.type	abtool_entry,@function
abtool_entry:                           # @abtool_entry
	.cfi_startproc
# %bb.0:
	movq	(%rdi), %rax
	movq	(%rax), %r9
	testq	%r9, %r9
	jle	.LBB1_24
# %bb.1:
	movq	8(%rdi), %rax
	movq	16(%rdi), %r11
	movq	24(%rdi), %rdx
	vmovss	(%rax), %xmm0                   # xmm0 = mem[0],zero,zero,zero
	cmpq	$8, %r9
	jb	.LBB1_2
# %bb.3:
	leaq	(%r11,%r9,4), %rax
	cmpq	%rax, %rdx
	jae	.LBB1_6
# %bb.4:
	leaq	(%rdx,%r9,4), %rax
	cmpq	%rax, %r11
	jae	.LBB1_6
.LBB1_2:
	xorl	%esi, %esi
.LBB1_20:
	movq	%rsi, %rcx
	notq	%rcx
	movq	%r9, %rdi
	addq	%r9, %rcx
	andq	$7, %rdi
	je	.LBB1_25
	.p2align	4, 0x90
.LBB1_21:                               # =>This Inner Loop Header: Depth=1
	vmovss	(%r11,%rsi,4), %xmm1            # xmm1 = mem[0],zero,zero,zero
	leaq	1(%rsi), %rax
	decq	%rdi
	vfmadd213ss	(%rdx,%rsi,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, (%rdx,%rsi,4)
	movq	%rax, %rsi
	jne	.LBB1_21
# %bb.22:
	cmpq	$7, %rcx
	jb	.LBB1_24
	jmp	.LBB1_23
.LBB1_25:
	movq	%rsi, %rax
	cmpq	$7, %rcx
	jb	.LBB1_24
	.p2align	4, 0x90
.LBB1_23:                               # =>This Inner Loop Header: Depth=1
	vmovss	(%r11,%rax,4), %xmm1            # xmm1 = mem[0],zero,zero,zero
	leaq	8(%rax), %rcx
	vfmadd213ss	(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, (%rdx,%rax,4)
	vmovss	4(%r11,%rax,4), %xmm1           # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	4(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 4(%rdx,%rax,4)
	vmovss	8(%r11,%rax,4), %xmm1           # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	8(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 8(%rdx,%rax,4)
	vmovss	12(%r11,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	12(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 12(%rdx,%rax,4)
	vmovss	16(%r11,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	16(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 16(%rdx,%rax,4)
	vmovss	20(%r11,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	20(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 20(%rdx,%rax,4)
	vmovss	24(%r11,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	24(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 24(%rdx,%rax,4)
	vmovss	28(%r11,%rax,4), %xmm1          # xmm1 = mem[0],zero,zero,zero
	vfmadd213ss	28(%rdx,%rax,4), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovss	%xmm1, 28(%rdx,%rax,4)
	movq	%rcx, %rax
	cmpq	%rcx, %r9
	jne	.LBB1_23
.LBB1_24:
	vzeroupper
	retq
.LBB1_6:
	cmpq	$64, %r9
	jae	.LBB1_8
# %bb.7:
	xorl	%esi, %esi
	jmp	.LBB1_17
.LBB1_8:
	movq	%r9, %rsi
	andq	$-64, %rsi
	vbroadcastss	%xmm0, %zmm1
	leaq	-64(%rsi), %rax
	movq	%rax, %r10
	shrq	$6, %r10
	incq	%r10
	movl	%r10d, %r8d
	andl	$7, %r8d
	cmpq	$448, %rax                      # imm = 0x1C0
	jae	.LBB1_10
# %bb.9:
	xorl	%eax, %eax
	jmp	.LBB1_12
.LBB1_10:
	andq	$-8, %r10
	leaq	1984(%r11), %rdi
	leaq	1984(%rdx), %rcx
	xorl	%eax, %eax
	.p2align	4, 0x90
.LBB1_11:                               # =>This Inner Loop Header: Depth=1
	vmovups	-1984(%rdi,%rax,4), %zmm2
	vmovups	-1920(%rdi,%rax,4), %zmm3
	vmovups	-1856(%rdi,%rax,4), %zmm4
	vmovups	-1792(%rdi,%rax,4), %zmm5
	vfmadd213ps	-1984(%rcx,%rax,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1920(%rcx,%rax,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1856(%rcx,%rax,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1792(%rcx,%rax,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1984(%rcx,%rax,4)
	vmovups	%zmm3, -1920(%rcx,%rax,4)
	vmovups	%zmm4, -1856(%rcx,%rax,4)
	vmovups	%zmm5, -1792(%rcx,%rax,4)
	vmovups	-1728(%rdi,%rax,4), %zmm2
	vmovups	-1664(%rdi,%rax,4), %zmm3
	vmovups	-1600(%rdi,%rax,4), %zmm4
	vmovups	-1536(%rdi,%rax,4), %zmm5
	vfmadd213ps	-1728(%rcx,%rax,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1664(%rcx,%rax,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1600(%rcx,%rax,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1536(%rcx,%rax,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1728(%rcx,%rax,4)
	vmovups	%zmm3, -1664(%rcx,%rax,4)
	vmovups	%zmm4, -1600(%rcx,%rax,4)
	vmovups	%zmm5, -1536(%rcx,%rax,4)
	vmovups	-1472(%rdi,%rax,4), %zmm2
	vmovups	-1408(%rdi,%rax,4), %zmm3
	vmovups	-1344(%rdi,%rax,4), %zmm4
	vmovups	-1280(%rdi,%rax,4), %zmm5
	vfmadd213ps	-1472(%rcx,%rax,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1408(%rcx,%rax,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1344(%rcx,%rax,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1280(%rcx,%rax,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1472(%rcx,%rax,4)
	vmovups	%zmm3, -1408(%rcx,%rax,4)
	vmovups	%zmm4, -1344(%rcx,%rax,4)
	vmovups	%zmm5, -1280(%rcx,%rax,4)
	vmovups	-1216(%rdi,%rax,4), %zmm2
	vmovups	-1152(%rdi,%rax,4), %zmm3
	vmovups	-1088(%rdi,%rax,4), %zmm4
	vmovups	-1024(%rdi,%rax,4), %zmm5
	vfmadd213ps	-1216(%rcx,%rax,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-1152(%rcx,%rax,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-1088(%rcx,%rax,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-1024(%rcx,%rax,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -1216(%rcx,%rax,4)
	vmovups	%zmm3, -1152(%rcx,%rax,4)
	vmovups	%zmm4, -1088(%rcx,%rax,4)
	vmovups	%zmm5, -1024(%rcx,%rax,4)
	vmovups	-960(%rdi,%rax,4), %zmm2
	vmovups	-896(%rdi,%rax,4), %zmm3
	vmovups	-832(%rdi,%rax,4), %zmm4
	vmovups	-768(%rdi,%rax,4), %zmm5
	vfmadd213ps	-960(%rcx,%rax,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-896(%rcx,%rax,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-832(%rcx,%rax,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-768(%rcx,%rax,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -960(%rcx,%rax,4)
	vmovups	%zmm3, -896(%rcx,%rax,4)
	vmovups	%zmm4, -832(%rcx,%rax,4)
	vmovups	%zmm5, -768(%rcx,%rax,4)
	vmovups	-704(%rdi,%rax,4), %zmm2
	vmovups	-640(%rdi,%rax,4), %zmm3
	vmovups	-576(%rdi,%rax,4), %zmm4
	vmovups	-512(%rdi,%rax,4), %zmm5
	vfmadd213ps	-704(%rcx,%rax,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-640(%rcx,%rax,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-576(%rcx,%rax,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-512(%rcx,%rax,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -704(%rcx,%rax,4)
	vmovups	%zmm3, -640(%rcx,%rax,4)
	vmovups	%zmm4, -576(%rcx,%rax,4)
	vmovups	%zmm5, -512(%rcx,%rax,4)
	vmovups	-448(%rdi,%rax,4), %zmm2
	vmovups	-384(%rdi,%rax,4), %zmm3
	vmovups	-320(%rdi,%rax,4), %zmm4
	vmovups	-256(%rdi,%rax,4), %zmm5
	vfmadd213ps	-448(%rcx,%rax,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-384(%rcx,%rax,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-320(%rcx,%rax,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	-256(%rcx,%rax,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -448(%rcx,%rax,4)
	vmovups	%zmm3, -384(%rcx,%rax,4)
	vmovups	%zmm4, -320(%rcx,%rax,4)
	vmovups	%zmm5, -256(%rcx,%rax,4)
	vmovups	-192(%rdi,%rax,4), %zmm2
	vmovups	-128(%rdi,%rax,4), %zmm3
	vmovups	-64(%rdi,%rax,4), %zmm4
	vmovups	(%rdi,%rax,4), %zmm5
	vfmadd213ps	-192(%rcx,%rax,4), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-128(%rcx,%rax,4), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-64(%rcx,%rax,4), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	(%rcx,%rax,4), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -192(%rcx,%rax,4)
	vmovups	%zmm3, -128(%rcx,%rax,4)
	vmovups	%zmm4, -64(%rcx,%rax,4)
	vmovups	%zmm5, (%rcx,%rax,4)
	addq	$512, %rax                      # imm = 0x200
	addq	$-8, %r10
	jne	.LBB1_11
.LBB1_12:
	testq	%r8, %r8
	je	.LBB1_15
# %bb.13:
	leaq	192(%rdx,%rax,4), %rcx
	leaq	192(%r11,%rax,4), %rax
	shlq	$8, %r8
	xorl	%edi, %edi
	.p2align	4, 0x90
.LBB1_14:                               # =>This Inner Loop Header: Depth=1
	vmovups	-192(%rax,%rdi), %zmm2
	vmovups	-128(%rax,%rdi), %zmm3
	vmovups	-64(%rax,%rdi), %zmm4
	vmovups	(%rax,%rdi), %zmm5
	vfmadd213ps	-192(%rcx,%rdi), %zmm1, %zmm2 # zmm2 = (zmm1 * zmm2) + mem
	vfmadd213ps	-128(%rcx,%rdi), %zmm1, %zmm3 # zmm3 = (zmm1 * zmm3) + mem
	vfmadd213ps	-64(%rcx,%rdi), %zmm1, %zmm4 # zmm4 = (zmm1 * zmm4) + mem
	vfmadd213ps	(%rcx,%rdi), %zmm1, %zmm5 # zmm5 = (zmm1 * zmm5) + mem
	vmovups	%zmm2, -192(%rcx,%rdi)
	vmovups	%zmm3, -128(%rcx,%rdi)
	vmovups	%zmm4, -64(%rcx,%rdi)
	vmovups	%zmm5, (%rcx,%rdi)
	addq	$256, %rdi                      # imm = 0x100
	cmpq	%rdi, %r8
	jne	.LBB1_14
.LBB1_15:
	cmpq	%rsi, %r9
	je	.LBB1_24
# %bb.16:
	testb	$56, %r9b
	je	.LBB1_20
.LBB1_17:
	vbroadcastss	%xmm0, %ymm1
	movq	%rsi, %rax
	movq	%r9, %rsi
	andq	$-8, %rsi
	.p2align	4, 0x90
.LBB1_18:                               # =>This Inner Loop Header: Depth=1
	vmovups	(%r11,%rax,4), %ymm2
	vfmadd213ps	(%rdx,%rax,4), %ymm1, %ymm2 # ymm2 = (ymm1 * ymm2) + mem
	vmovups	%ymm2, (%rdx,%rax,4)
	addq	$8, %rax
	cmpq	%rax, %rsi
	jne	.LBB1_18
# %bb.19:
	cmpq	%rsi, %r9
	je	.LBB1_24
	jmp	.LBB1_20
.Lfunc_end1:
	.size	abtool_entry, .Lfunc_end1-abtool_entry
	.cfi_endproc
                                        # -- End function
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
